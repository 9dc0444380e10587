// NEP 50 type promotion. Strong x strong pairs follow numpy.promote_types, derived from
// one rule (below) rather than a 13x13 table; tests/e2e/test_promotion.py checks every
// pair, weak ones included, against numpy.result_type.
#include "ir/Promotion.h"

#include <algorithm>

namespace npc {
namespace {

/// NumPy's kind order: a value of a lower kind converts to any higher kind.
enum class Kind { Bool, Integer, Float, Complex };

Kind kindOf(DType t) {
    if (isBool(t))
        return Kind::Bool;
    if (isInteger(t))
        return Kind::Integer;
    if (isFloat(t))
        return Kind::Float;
    return Kind::Complex;
}

/// The smallest signed integer dtype of `bytes` bytes.
DType signedOfSize(int bytes) {
    switch (bytes) {
    case 1:
        return DType::Int8;
    case 2:
        return DType::Int16;
    case 4:
        return DType::Int32;
    default:
        return DType::Int64;
    }
}

/// Bits of float precision (the width of the float, or of one complex part) an operand
/// needs in an inexact result. NumPy gives 8- and 16-bit integers float32 (their values
/// fit its 24-bit significand) and wider integers float64.
int floatBitsNeeded(DType t) {
    switch (kindOf(t)) {
    case Kind::Bool:
        return 32;
    case Kind::Integer:
        return itemSize(t) <= 2 ? 32 : 64;
    case Kind::Float:
        return 8 * itemSize(t);
    case Kind::Complex:
        return 4 * itemSize(t);
    }
    return 64;
}

/// promote_types of two integer dtypes: the smallest integer holding both value ranges,
/// or float64 when none does (int64 x uint64).
DType promoteIntegers(DType a, DType b) {
    if (isSignedInteger(a) == isSignedInteger(b))
        return itemSize(a) >= itemSize(b) ? a : b;
    DType s = isSignedInteger(a) ? a : b;
    DType u = isSignedInteger(a) ? b : a;
    if (itemSize(s) > itemSize(u))
        return s;
    if (itemSize(u) < 8)
        return signedOfSize(2 * itemSize(u));
    return DType::Float64;
}

/// The dtype a Python scalar of this kind takes when it meets a bool or integer operand
/// (NumPy's default int, float and complex).
DType defaultDTypeOf(Kind k) {
    switch (k) {
    case Kind::Bool:
        return DType::Bool;
    case Kind::Integer:
        return DType::Int64;
    case Kind::Float:
        return DType::Float64;
    case Kind::Complex:
        return DType::Complex128;
    }
    return DType::Float64;
}

/// A weak Python scalar `weak` meets a strong operand `strong` (NEP 50): the strong dtype
/// wins unless the scalar's kind is higher. Then a bool or integer operand gets the
/// scalar's default dtype (int8 + 1.0 -> float64), and a float operand keeps its
/// precision in the higher kind (float32 + 1j -> complex64).
DType promoteWeakStrong(DType weak, DType strong) {
    Kind weakKind = kindOf(weak);
    Kind strongKind = kindOf(strong);
    if (weakKind <= strongKind)
        return strong;
    if (strongKind == Kind::Bool || strongKind == Kind::Integer)
        return defaultDTypeOf(weakKind);
    return promoteDTypes(strong, DType::Complex64);
}

} // namespace

DType promoteDTypes(DType a, DType b) {
    if (a == b)
        return a;
    if (isBool(a))
        return b;
    if (isBool(b))
        return a;
    if (isInteger(a) && isInteger(b))
        return promoteIntegers(a, b);
    // At least one is inexact: the result is complex if either is, and wide enough for both.
    bool complex = isComplex(a) || isComplex(b);
    bool wide = std::max(floatBitsNeeded(a), floatBitsNeeded(b)) > 32;
    if (complex)
        return wide ? DType::Complex128 : DType::Complex64;
    return wide ? DType::Float64 : DType::Float32;
}

PromotionType promote(PromotionType a, PromotionType b) {
    // Python bool behaves exactly like a strong bool.
    if (isBool(a.dtype))
        a.weak = false;
    if (isBool(b.dtype))
        b.weak = false;
    if (a.weak && b.weak)
        return {promoteDTypes(a.dtype, b.dtype), true};
    if (a.weak)
        return {promoteWeakStrong(a.dtype, b.dtype), false};
    if (b.weak)
        return {promoteWeakStrong(b.dtype, a.dtype), false};
    return {promoteDTypes(a.dtype, b.dtype), false};
}

} // namespace npc
