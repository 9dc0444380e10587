// NumPy dtypes as npc models them, and the static facts about each one.
// Semantics follow NumPy 2.x's scalar types (numpy.dtype); float16 is not supported.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace npc {

/// The dtypes npc compiles. The order is NumPy's type-number order within each kind.
enum class DType : uint8_t {
    Bool,
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Float32,
    Float64,
    Complex64,
    Complex128,
};

inline constexpr int kNumDTypes = 13;

/// NumPy's name: "bool", "int8", ..., "float64", "complex128".
std::string_view dtypeName(DType t);
/// Parses a NumPy dtype name ("float64", "int32", "bool", ...); nullopt if unknown.
std::optional<DType> parseDTypeName(std::string_view name);
/// The C++ type the generated code uses: "bool", "int8_t", ..., "double",
/// "std::complex<float>".
std::string_view cppTypeName(DType t);
/// The `.npy` descr of the native little-endian layout: "|b1", "<i8", "<f4", "<c16".
std::string_view npyDescr(DType t);
/// Size in bytes of one element.
int itemSize(DType t);

bool isBool(DType t);
bool isInteger(DType t); ///< signed or unsigned integer, not bool
bool isSignedInteger(DType t);
bool isUnsignedInteger(DType t);
bool isFloat(DType t); ///< float32 or float64
bool isComplex(DType t);
/// The dtype of a complex dtype's real and imaginary parts (numpy.real's result):
/// float32 for complex64, float64 for complex128.
DType complexPartDType(DType complex);
bool isInexact(DType t); ///< float or complex

/// Smallest and largest value of an integer dtype (bool: 0 and 1).
int64_t integerMin(DType t);
uint64_t integerMax(DType t);
/// True when the int64 `value` lies in the range of integer (or bool) dtype `t`: a Python
/// int that NEP 50 lets become a `t` without OverflowError.
bool fitsInteger(int64_t value, DType t);

} // namespace npc
