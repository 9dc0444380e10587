// Tables of static dtype facts (names, C++ spellings, .npy descrs, sizes).
#include "ir/DType.h"

#include <array>

namespace npc {
namespace {

struct DTypeInfo {
    std::string_view name;
    std::string_view cppName;
    std::string_view descr;
    int size;
};

constexpr std::array<DTypeInfo, kNumDTypes> kInfo = {{
    {"bool", "bool", "|b1", 1},
    {"int8", "int8_t", "|i1", 1},
    {"int16", "int16_t", "<i2", 2},
    {"int32", "int32_t", "<i4", 4},
    {"int64", "int64_t", "<i8", 8},
    {"uint8", "uint8_t", "|u1", 1},
    {"uint16", "uint16_t", "<u2", 2},
    {"uint32", "uint32_t", "<u4", 4},
    {"uint64", "uint64_t", "<u8", 8},
    {"float32", "float", "<f4", 4},
    {"float64", "double", "<f8", 8},
    {"complex64", "std::complex<float>", "<c8", 8},
    {"complex128", "std::complex<double>", "<c16", 16},
}};

const DTypeInfo &info(DType t) { return kInfo[static_cast<size_t>(t)]; }

} // namespace

std::string_view dtypeName(DType t) { return info(t).name; }
std::string_view cppTypeName(DType t) { return info(t).cppName; }
std::string_view npyDescr(DType t) { return info(t).descr; }
int itemSize(DType t) { return info(t).size; }

std::optional<DType> parseDTypeName(std::string_view name) {
    for (int i = 0; i < kNumDTypes; ++i)
        if (kInfo[i].name == name)
            return static_cast<DType>(i);
    return std::nullopt;
}

bool isBool(DType t) { return t == DType::Bool; }
bool isSignedInteger(DType t) { return t >= DType::Int8 && t <= DType::Int64; }
bool isUnsignedInteger(DType t) { return t >= DType::UInt8 && t <= DType::UInt64; }
bool isInteger(DType t) { return isSignedInteger(t) || isUnsignedInteger(t); }
bool isFloat(DType t) { return t == DType::Float32 || t == DType::Float64; }
bool isComplex(DType t) { return t == DType::Complex64 || t == DType::Complex128; }
DType complexPartDType(DType complex) {
    return complex == DType::Complex64 ? DType::Float32 : DType::Float64;
}
bool isInexact(DType t) { return isFloat(t) || isComplex(t); }

int64_t integerMin(DType t) {
    if (!isSignedInteger(t))
        return 0;
    return -(int64_t{1} << (8 * itemSize(t) - 1));
}

uint64_t integerMax(DType t) {
    if (isBool(t))
        return 1;
    int bits = 8 * itemSize(t);
    if (isSignedInteger(t))
        return (uint64_t{1} << (bits - 1)) - 1;
    return bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

bool fitsInteger(int64_t value, DType t) {
    return value >= integerMin(t) &&
           (value < 0 || static_cast<uint64_t>(value) <= integerMax(t));
}

} // namespace npc
