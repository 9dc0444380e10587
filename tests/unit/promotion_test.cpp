// Unit tests of NEP 50 promotion on examples from NEP 50's text; the exhaustive check of
// every pair against NumPy is tests/e2e/test_promotion.py.
#include "ir/Promotion.h"

#include <catch2/catch.hpp>

#include <string>

// Readable failure messages: "int8" and "weak float64" instead of "{?}".
namespace Catch {
template <> struct StringMaker<npc::DType> {
    static std::string convert(npc::DType t) { return std::string(npc::dtypeName(t)); }
};
template <> struct StringMaker<npc::PromotionType> {
    static std::string convert(const npc::PromotionType &t) {
        return (t.weak ? "weak " : "") + std::string(npc::dtypeName(t.dtype));
    }
};
} // namespace Catch

using npc::DType;
using npc::promote;
using npc::promoteDTypes;
using npc::PromotionType;

namespace {

PromotionType strong(DType t) {
    return {t, false};
}
const PromotionType kPyInt{DType::Int64, true};
const PromotionType kPyFloat{DType::Float64, true};
const PromotionType kPyComplex{DType::Complex128, true};

} // namespace

TEST_CASE("a Python int adopts the array's integer dtype", "[promotion]") {
    // NEP 50: np.int8(1) + 1 -> int8; uint8 + 1 -> uint8.
    CHECK(promote(strong(DType::Int8), kPyInt) == strong(DType::Int8));
    CHECK(promote(kPyInt, strong(DType::UInt8)) == strong(DType::UInt8));
    CHECK(promote(strong(DType::UInt64), kPyInt) == strong(DType::UInt64));
    // bool + 1 -> the default integer.
    CHECK(promote(strong(DType::Bool), kPyInt) == strong(DType::Int64));
}

TEST_CASE("a Python float keeps float32 but not integers", "[promotion]") {
    // NEP 50: float32(3) * 2.0 -> float32; int8 + 1.0 -> float64.
    CHECK(promote(strong(DType::Float32), kPyFloat) == strong(DType::Float32));
    CHECK(promote(strong(DType::Int8), kPyFloat) == strong(DType::Float64));
    CHECK(promote(strong(DType::Complex64), kPyFloat) == strong(DType::Complex64));
}

TEST_CASE("a Python complex keeps the float's precision", "[promotion]") {
    CHECK(promote(strong(DType::Float32), kPyComplex) == strong(DType::Complex64));
    CHECK(promote(strong(DType::Float64), kPyComplex) == strong(DType::Complex128));
    CHECK(promote(strong(DType::Int16), kPyComplex) == strong(DType::Complex128));
}

TEST_CASE("Python scalars together stay weak", "[promotion]") {
    CHECK(promote(kPyInt, kPyFloat) == kPyFloat);
    CHECK(promote(kPyFloat, kPyComplex) == kPyComplex);
    CHECK(promote(kPyInt, kPyInt) == kPyInt);
}

TEST_CASE("strong dtypes follow numpy.promote_types", "[promotion]") {
    // NEP 50: int64 + uint64 -> float64 (no integer holds both).
    CHECK(promoteDTypes(DType::Int64, DType::UInt64) == DType::Float64);
    CHECK(promoteDTypes(DType::Int8, DType::UInt8) == DType::Int16);
    CHECK(promoteDTypes(DType::UInt32, DType::Int32) == DType::Int64);
    CHECK(promoteDTypes(DType::Int16, DType::Float32) == DType::Float32);
    CHECK(promoteDTypes(DType::Int32, DType::Float32) == DType::Float64);
    CHECK(promoteDTypes(DType::Float64, DType::Complex64) == DType::Complex128);
    CHECK(promoteDTypes(DType::Bool, DType::UInt16) == DType::UInt16);
    // promote() on strong operands is promoteDTypes.
    CHECK(promote(strong(DType::Int64), strong(DType::UInt64)) == strong(DType::Float64));
}
