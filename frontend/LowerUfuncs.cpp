// NumPy's elementwise functions: the unary and binary ufuncs with NEP 50 promotion and
// NumPy 2.x's loop selection (np.sin of int16 is float32, np.floor of int8 stays int8,
// bool % bool is int8), and np.where, np.clip, np.round built from them.
#include "frontend/LowerContext.h"
#include "frontend/PythonChecks.h"
#include "frontend/PythonInts.h"
#include "ir/Promotion.h"

#include <algorithm>
#include <cstdint>
#include <fmt/format.h>
#include <limits>
#include <optional>
#include <tuple>
#include <utility>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::UnaryOp;

/// A comparison between an integer array and a Python int whose outcome the dtype's range
/// already decides (`uint8_array < 300`, `uint8_array >= 0`): NumPy 2 compares such values
/// exactly (no OverflowError), and emitting the comparison would draw -Wtype-limits.
std::optional<bool> decidedByRange(BinaryOp op, const NodePtr &x, const NodePtr &c) {
    if (!array::isComparison(op) || !isInteger(x->type.dtype) || x->type.weak ||
        !isWeakIntConstant(c))
        return std::nullopt;
    // Work in long double: exact for every int64 and uint64 bound.
    long double lo = static_cast<long double>(integerMin(x->type.dtype));
    long double hi = static_cast<long double>(integerMax(x->type.dtype));
    long double v = static_cast<long double>(c->intValue);
    switch (op) {
    case BinaryOp::Less: return hi < v ? std::optional(true) : lo >= v ? std::optional(false) : std::nullopt;
    case BinaryOp::LessEqual: return hi <= v ? std::optional(true) : lo > v ? std::optional(false) : std::nullopt;
    case BinaryOp::Greater: return lo > v ? std::optional(true) : hi <= v ? std::optional(false) : std::nullopt;
    case BinaryOp::GreaterEqual: return lo >= v ? std::optional(true) : hi < v ? std::optional(false) : std::nullopt;
    case BinaryOp::Equal: return v < lo || v > hi ? std::optional(false) : std::nullopt;
    case BinaryOp::NotEqual: return v < lo || v > hi ? std::optional(true) : std::nullopt;
    default: return std::nullopt;
    }
}

BinaryOp mirrored(BinaryOp op) {
    switch (op) {
    case BinaryOp::Less: return BinaryOp::Greater;
    case BinaryOp::LessEqual: return BinaryOp::GreaterEqual;
    case BinaryOp::Greater: return BinaryOp::Less;
    case BinaryOp::GreaterEqual: return BinaryOp::LessEqual;
    default: return op;
    }
}

/// `u op s` for `u` uint64 and `s` of a signed integer dtype, of one shape, exactly:
/// NumPy 2 compares these without the promotion's float64, which rounds beyond 2**53. A
/// negative `s` is below every uint64; else `s` compares as a uint64.
NodePtr mixedSignComparison(BinaryOp op, const NodePtr &u, const NodePtr &s, SourceLoc loc) {
    NodePtr wide = array::makeCast(s, DType::Int64, loc);
    NodePtr zero = array::makeBroadcast(array::makeIntConstant(0, DType::Int64, false, loc),
                                        wide->type.shape, loc);
    NodePtr asUnsigned = array::makeBinary(op, u, array::makeCast(wide, DType::UInt64, loc), loc);
    switch (op) {
    case BinaryOp::Less: // s > 0 and u < s
        return array::makeBinary(BinaryOp::LogicalAnd,
                                 array::makeBinary(BinaryOp::Greater, wide, zero, loc), asUnsigned,
                                 loc);
    case BinaryOp::LessEqual: // s >= 0 and u <= s; likewise for ==
    case BinaryOp::Equal:
        return array::makeBinary(BinaryOp::LogicalAnd,
                                 array::makeBinary(BinaryOp::GreaterEqual, wide, zero, loc),
                                 asUnsigned, loc);
    default: // >, >=, !=: s < 0 or u op s
        return array::makeBinary(BinaryOp::LogicalOr,
                                 array::makeBinary(BinaryOp::Less, wide, zero, loc), asUnsigned,
                                 loc);
    }
}

bool isLogical(BinaryOp op) {
    return op == BinaryOp::LogicalAnd || op == BinaryOp::LogicalOr || op == BinaryOp::LogicalXor;
}

bool isBitwise(BinaryOp op) {
    return op == BinaryOp::BitwiseAnd || op == BinaryOp::BitwiseOr ||
           op == BinaryOp::BitwiseXor || op == BinaryOp::LeftShift || op == BinaryOp::RightShift;
}

/// A UserError for ufunc `name` on complex operands, which npc does not compile. The ones
/// NumPy 2 orders lexicographically say so; the others NumPy rejects as well.
[[noreturn]] void complexUnsupported(std::string_view name, DType dtype, bool numpyOrders,
                                     SourceLoc loc) {
    if (numpyOrders)
        throw UserError(loc, fmt::format("ufunc '{}' of {} operands is not supported by npc "
                                         "(NumPy 2 orders complex numbers lexicographically); "
                                         "compare the .real and .imag parts instead",
                                         name, dtypeName(dtype)));
    throw UserError(loc, fmt::format("ufunc '{}' is not supported for {} operands by npc",
                                     name, dtypeName(dtype)));
}

/// Rejects binary ufuncs npc does not compute on complex operands: only + - * / **,
/// == != and the logical ones are supported (NumPy also orders complex numbers with
/// < <= > >=, minimum, maximum, fmin, fmax; it has no complex loop for the others).
void checkComplexBinary(BinaryOp op, DType dtype, SourceLoc loc) {
    switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Subtract:
    case BinaryOp::Multiply:
    case BinaryOp::TrueDivide:
    case BinaryOp::Power:
    case BinaryOp::Equal:
    case BinaryOp::NotEqual:
    case BinaryOp::LogicalAnd:
    case BinaryOp::LogicalOr:
    case BinaryOp::LogicalXor:
        return;
    case BinaryOp::Less:
    case BinaryOp::LessEqual:
    case BinaryOp::Greater:
    case BinaryOp::GreaterEqual:
    case BinaryOp::Minimum:
    case BinaryOp::Maximum:
    case BinaryOp::Fmin:
    case BinaryOp::Fmax:
        complexUnsupported(array::binaryOpName(op), dtype, true, loc);
    default:
        complexUnsupported(array::binaryOpName(op), dtype, false, loc);
    }
}

/// The truth value of each element (nonzero, NaN included), as numpy.logical_* read it.
NodePtr truthValue(const NodePtr &v, SourceLoc loc) {
    return array::makeCast(v, DType::Bool, loc);
}

} // namespace

DType floatLoop(DType in, std::string_view ufunc, SourceLoc loc) {
    if (isInexact(in))
        return in;
    if (itemSize(in) == 1)
        throw UserError(loc, fmt::format("np.{} of {} produces float16, which npc does not "
                                         "support; convert the input to float32 first",
                                         ufunc, dtypeName(in)));
    return itemSize(in) == 2 ? DType::Float32 : DType::Float64;
}

DType binaryFloatLoop(const NodePtr &a, const NodePtr &b, std::string_view ufunc, SourceLoc loc) {
    DType in = promote({a->type.dtype, a->type.weak}, {b->type.dtype, b->type.weak}).dtype;
    if (!isInexact(in) && !a->type.weak && !b->type.weak) {
        // NumPy's loop: the first float loop both inputs cast to safely, which for two
        // integer dtypes is the float of the wider one (int16 and uint16: float32, not
        // the float64 of their promotion int32; int8 and uint8: float16).
        in = itemSize(a->type.dtype) >= itemSize(b->type.dtype) ? a->type.dtype : b->type.dtype;
        if (itemSize(in) == 1)
            throw UserError(loc,
                            fmt::format("np.{} of {} and {} produces float16, which npc "
                                        "does not support; convert the inputs to float32 "
                                        "first",
                                        ufunc, dtypeName(a->type.dtype), dtypeName(b->type.dtype)));
    }
    return floatLoop(in, ufunc, loc);
}

namespace {

bool isPythonIntConstant(const NodePtr &n) {
    return n->kind == array::NodeKind::Constant && n->type.weak && n->type.rank() == 0 &&
           n->type.dtype == DType::Int64;
}

/// `a op b` of two Python int constants, as Python computes it (pythonIntOp), so that
/// `2**8 - 1` is the constant 255 and NEP 50's range check of Python ints applies to it as
/// to a literal; null when not both are Python int constants, `op` is not an integer
/// operator, or Python gives a float or raises (ZeroDivisionError: checkPythonDivision).
/// Python's ints are unbounded and npc's are int64: when `strict` (a Python operator), a
/// result beyond int64 (`K * 4` for `K = 2**62`) is a located error rather than a wrapped
/// value, as is Python's ValueError for a negative shift count; otherwise (NumPy's ufuncs
/// on Python ints, which compute in int64) such a result is left to the run time, which
/// wraps as NumPy does.
NodePtr foldPythonInts(BinaryOp op, const NodePtr &a, const NodePtr &b, SourceLoc loc,
                       bool strict) {
    auto python = pythonIntOperator(op);
    if (!python || !isPythonIntConstant(a) || !isPythonIntConstant(b))
        return nullptr;
    const int64_t x = a->intValue, y = b->intValue;
    const bool shift = op == BinaryOp::LeftShift || op == BinaryOp::RightShift;
    if (shift && y < 0 && strict)
        throw UserError(loc, "negative shift count (Python's ValueError)");
    bool beyondInt64 = false;
    std::optional<int64_t> r = pythonIntOp(python->first, x, y, beyondInt64);
    if (beyondInt64 && strict)
        throw UserError(loc, fmt::format("the Python int {} {} {} does not fit in int64, which "
                                         "npc computes Python ints in{}",
                                         x, python->second, y,
                                         shift ? "" : "; write a float where a float is meant"));
    return r ? array::makeIntConstant(*r, DType::Int64, true, loc) : nullptr;
}

/// Python raises ZeroDivisionError for `/`, `//` and `%` of Python numbers by zero
/// (NumPy's arrays and scalars give inf, NaN or 0 instead): a located error when both
/// operands are Python number constants and the divisor is zero.
void checkPythonDivision(BinaryOp op, const NodePtr &a, const NodePtr &b, SourceLoc loc) {
    if (op != BinaryOp::TrueDivide && op != BinaryOp::FloorDivide && op != BinaryOp::Remainder)
        return;
    auto pythonConstant = [](const NodePtr &n) {
        return n->kind == array::NodeKind::Constant && n->type.weak && n->type.rank() == 0;
    };
    if (!pythonConstant(a) || !pythonConstant(b))
        return;
    DType t = b->type.dtype;
    bool zero = isComplex(t)   ? b->floatValue == 0 && b->imagValue == 0
                : isFloat(t) ? b->floatValue == 0
                             : b->intValue == 0;
    if (zero)
        throw UserError(loc, "division by zero of Python numbers (Python's ZeroDivisionError)");
}

/// Python's `int ** int` with a negative constant exponent (`k ** -1`, `2 ** -2`) is a
/// float: both operands convert to float and the power is a float power, so such a pair
/// lowers as two Python floats; null for any other operands. A constant 0 base raises
/// Python's ZeroDivisionError as a located error.
std::optional<std::pair<NodePtr, NodePtr>> pythonIntPower(BinaryOp op, const NodePtr &a,
                                                          const NodePtr &b, SourceLoc loc) {
    auto pythonInt = [](const NodePtr &n) {
        return n->type.weak && n->type.rank() == 0 && n->type.dtype == DType::Int64;
    };
    if (op != BinaryOp::Power || !pythonInt(a) || !isPythonIntConstant(b) || b->intValue >= 0)
        return std::nullopt;
    if (isPythonIntConstant(a) && a->intValue == 0)
        throw UserError(loc, "0 cannot be raised to a negative power (Python's "
                             "ZeroDivisionError)");
    return std::pair{array::makeCast(a, DType::Float64, true, loc),
                     array::makeCast(b, DType::Float64, true, loc)};
}

} // namespace

NodePtr ExprLowering::binary(BinaryOp op, NodePtr a, NodePtr b, SourceLoc loc) {
    std::optional<bool> decided = decidedByRange(op, a, b);
    if (!decided)
        decided = decidedByRange(mirrored(op), b, a);
    if (decided) {
        Shape shape = broadcastShapes(a->type.shape, b->type.shape, loc);
        return array::makeBroadcast(array::makeIntConstant(*decided, DType::Bool, false, loc),
                                    shape, loc);
    }
    PromotionType pt = promote({a->type.dtype, a->type.weak}, {b->type.dtype, b->type.weak});
    if (NodePtr folded = foldPythonInts(op, a, b, loc, false))
        return folded;
    // NumPy 2 compares an integer array with a Python int exactly, whatever the int's value
    // (decidedByRange knows a constant's): one only the run time knows compares in int64,
    // or exactly with uint64, instead of being cast to the array's dtype.
    auto runtimePythonInt = [](const NodePtr &n) {
        return n->type.weak && n->type.rank() == 0 && n->type.dtype == DType::Int64 &&
               n->kind != array::NodeKind::Constant;
    };
    if (array::isComparison(op) && runtimePythonInt(a) != runtimePythonInt(b) &&
        !a->type.weak != !b->type.weak && isInteger(a->type.dtype) && isInteger(b->type.dtype) &&
        pt.dtype != DType::Int64) {
        Shape shape = broadcastShapes(a->type.shape, b->type.shape, loc);
        a = array::makeBroadcast(a, shape, loc);
        b = array::makeBroadcast(b, shape, loc);
        if (pt.dtype == DType::UInt64)
            return a->type.dtype == DType::UInt64 ? mixedSignComparison(op, a, b, loc)
                                                  : mixedSignComparison(mirrored(op), b, a, loc);
        return array::makeBinary(op, array::makeCast(a, DType::Int64, loc),
                                 array::makeCast(b, DType::Int64, loc), loc);
    }
    if (array::isComparison(op) && pt.dtype == DType::Float64 && isInteger(a->type.dtype) &&
        isInteger(b->type.dtype)) { // uint64 and a signed integer dtype
        Shape shape = broadcastShapes(a->type.shape, b->type.shape, loc);
        a = array::makeBroadcast(a, shape, loc);
        b = array::makeBroadcast(b, shape, loc);
        return a->type.dtype == DType::UInt64 ? mixedSignComparison(op, a, b, loc)
                                              : mixedSignComparison(mirrored(op), b, a, loc);
    }
    DType dtype = pt.dtype;
    std::string_view name = array::binaryOpName(op);
    if (isComplex(dtype))
        checkComplexBinary(op, dtype, loc);
    if (isLogical(op)) {
        a = truthValue(a, loc);
        b = truthValue(b, loc);
        dtype = DType::Bool;
    }
    if (isBitwise(op) && isInexact(dtype))
        throw UserError(loc, fmt::format("ufunc '{}' not supported for {} operands (only "
                                         "integers and bools)",
                                         name, dtypeName(dtype)));
    if (op == BinaryOp::TrueDivide && !isInexact(dtype))
        dtype = DType::Float64;
    if (op == BinaryOp::Arctan2 || op == BinaryOp::Hypot || op == BinaryOp::Copysign ||
        op == BinaryOp::Nextafter)
        dtype = binaryFloatLoop(a, b, name, loc);
    if ((op == BinaryOp::Gcd || op == BinaryOp::Lcm) && !isInteger(dtype))
        throw UserError(loc, isBool(dtype)
                                 ? fmt::format("ufunc '{}' did not contain a loop with signature "
                                               "matching types (bool, bool)",
                                               name)
                                 : fmt::format("ufunc '{}' not supported for the input types (only "
                                               "integers)",
                                               name));
    if (isBool(dtype) && op == BinaryOp::Subtract)
        throw UserError(loc, "numpy boolean subtract, the `-` operator, is not supported; use "
                             "the bitwise_xor, the `^` operator, or the logical_xor function "
                             "instead");
    // NumPy has no bool loop for these: bools compute in int8.
    if (isBool(dtype) && (op == BinaryOp::Power || op == BinaryOp::FloorDivide ||
                          op == BinaryOp::Remainder || op == BinaryOp::Fmod ||
                          op == BinaryOp::LeftShift || op == BinaryOp::RightShift))
        dtype = DType::Int8;
    Shape shape = broadcastShapes(a->type.shape, b->type.shape, loc);
    // A Python int only the run time knows (`a + (k + 1)`, `a += i`) must fit the array's
    // integer dtype too (NEP 50's OverflowError), as constants and `int` arguments must.
    a = array::makeBroadcast(pythonNumberTo(a, dtype, loc), shape, loc);
    b = array::makeBroadcast(pythonNumberTo(b, dtype, loc), shape, loc);
    NodePtr result = array::makeBinary(op, a, b, loc);
    if (!pt.weak || array::isComparison(op) || isLogical(op))
        return result;
    // Both operands were Python scalars: the result stays a Python scalar (weak).
    array::Node weakResult = *result;
    weakResult.type.weak = true;
    return std::make_shared<const array::Node>(std::move(weakResult));
}

NodePtr ExprLowering::pythonOperator(BinaryOp op, NodePtr a, NodePtr b, SourceLoc loc) {
    // Python's bool is an int in arithmetic (True + True is 2); & | ^ keep bools.
    bool arithmetic = op != BinaryOp::BitwiseAnd && op != BinaryOp::BitwiseOr &&
                      op != BinaryOp::BitwiseXor && !array::isComparison(op);
    if (arithmetic && isPythonScalar(a) && isPythonScalar(b)) {
        a = pythonBoolAsInt(a, loc);
        b = pythonBoolAsInt(b, loc);
    }
    checkPythonDivision(op, a, b, loc);
    if (auto floats = pythonIntPower(op, a, b, loc))
        std::tie(a, b) = *floats;
    if (NodePtr folded = foldPythonInts(op, a, b, loc, true))
        return folded;
    bool division =
        op == BinaryOp::TrueDivide || op == BinaryOp::FloorDivide || op == BinaryOp::Remainder;
    if (division && isPythonScalar(a) && isPythonScalar(b) && !isSimpleScalar(*b))
        b = materialized(b, loc); // `n / float(x.sum())`: checked as a variable
    const bool ints = isInteger(a->type.dtype) && isInteger(b->type.dtype);
    if (isPythonScalar(a) && isPythonScalar(b) &&
        (op == BinaryOp::Power || (ints && pythonIntOperator(op)))) {
        // Checked as variables: the checks read the operands again.
        if (!isSimpleScalar(*a))
            a = materialized(a, loc);
        if (!isSimpleScalar(*b))
            b = materialized(b, loc);
    }
    NodePtr result = pythonDivisionChecked(op, a, b, binary(op, a, b, loc), loc);
    result = pythonIntChecked(op, a, b, std::move(result), loc);
    return pythonPowerChecked(op, a, b, std::move(result), loc);
}

NodePtr ExprLowering::unary(UnaryOp op, NodePtr a, SourceLoc loc) {
    DType in = a->type.dtype;
    if (isComplex(in))
        return complexUnary(op, a, loc);
    std::string_view name = array::unaryOpName(op);
    switch (op) {
    case UnaryOp::Conj: // numpy.conjugate of a real value: the value (no bool loop: int8)
        return isBool(in) ? castTo(a, DType::Int8, loc) : a;
    case UnaryOp::Real: // numpy.real of a real value: the value itself
        return a;
    case UnaryOp::Imag: // numpy.imag of a real value: zeros of its dtype
        return array::makeBroadcast(isFloat(in) ? array::makeFloatConstant(0, in, a->type.weak, loc)
                                                : array::makeIntConstant(0, in, a->type.weak, loc),
                                    a->type.shape, loc);
    case UnaryOp::Negative:
        if (isBool(in))
            throw UserError(loc, "the numpy boolean negative, the `-` operator, is not "
                                 "supported; use `~` or np.logical_not instead");
        [[fallthrough]];
    case UnaryOp::Absolute:
        if (a->kind == array::NodeKind::Constant && a->type.weak && op == UnaryOp::Negative) {
            if (isFloat(in))
                return array::makeFloatConstant(-a->floatValue, in, true, loc);
            // int64 negation, wrapping (-(-2**63) is -2**63 in NumPy's int64; the `-`
            // operator on a Python int checks first: requireNegatable).
            return array::makeIntConstant(
                static_cast<int64_t>(uint64_t{0} - static_cast<uint64_t>(a->intValue)), in, true,
                loc);
        }
        return array::makeUnary(op, a, in, loc);
    case UnaryOp::LogicalNot:
    case UnaryOp::IsNan:
    case UnaryOp::IsInf:
    case UnaryOp::IsFinite:
        return array::makeUnary(op, castTo(a, in, loc), DType::Bool, loc);
    case UnaryOp::Sign:
        if (isBool(in))
            throw UserError(loc, "np.sign is not defined for bool (NumPy has no bool loop); "
                                 "cast to an integer dtype first");
        return array::makeUnary(op, castTo(a, in, loc), in, loc);
    case UnaryOp::Invert:
        if (isInexact(in))
            throw UserError(loc, fmt::format("ufunc 'invert' (the `~` operator) is not "
                                             "supported for {}; only integers and bools",
                                             dtypeName(in)));
        return array::makeUnary(op, castTo(a, in, loc), in, loc);
    case UnaryOp::Signbit:
        // NumPy's float loops: an integer converts to a float of its sign (int8 to
        // float16, which npc lacks, keeps the sign too).
        if (isBool(in))
            return array::makeBroadcast(array::makeIntConstant(0, DType::Bool, false, loc),
                                        a->type.shape, loc);
        if (!isInexact(in))
            return binary(BinaryOp::Less, castTo(a, in, loc),
                          array::makeIntConstant(0, DType::Int64, true, loc), loc);
        return array::makeUnary(op, castTo(a, in, loc), DType::Bool, loc);
    case UnaryOp::Floor:
    case UnaryOp::Ceil:
    case UnaryOp::Trunc: // NumPy 2 keeps integer and bool dtypes: the identity.
        return array::makeUnary(op, castTo(a, in, loc), in, loc);
    default:
        break;
    }
    DType out = floatLoop(in, name, loc);
    return array::makeUnary(op, castTo(a, out, loc), out, loc);
}

/// Unary ufuncs of a complex operand: absolute gives the parts' float dtype (hypot of
/// the parts), isnan/isinf/isfinite and logical_not bool, and sqrt, exp, log, log10 and
/// the trigonometric and hyperbolic functions stay complex (C's csqrt, cexp, ... with
/// their branch cuts, as NumPy's). Others are a located error.
NodePtr ExprLowering::complexUnary(UnaryOp op, NodePtr a, SourceLoc loc) {
    DType in = a->type.dtype;
    switch (op) {
    case UnaryOp::Negative:
        if (a->kind == array::NodeKind::Constant && a->type.weak)
            return array::makeComplexConstant(-a->floatValue, -a->imagValue, in, true, loc);
        return array::makeUnary(op, a, in, loc);
    case UnaryOp::Absolute:
    case UnaryOp::Real:
    case UnaryOp::Imag:
        return array::makeUnary(op, castTo(a, in, loc), complexPartDType(in), loc);
    case UnaryOp::IsNan:
    case UnaryOp::IsInf:
    case UnaryOp::IsFinite:
        return array::makeUnary(op, castTo(a, in, loc), DType::Bool, loc);
    case UnaryOp::LogicalNot:
        return array::makeUnary(op, truthValue(a, loc), DType::Bool, loc);
    case UnaryOp::Conj:
    case UnaryOp::Sqrt:
    case UnaryOp::Exp:
    case UnaryOp::Log:
    case UnaryOp::Log10:
    case UnaryOp::Sin:
    case UnaryOp::Cos:
    case UnaryOp::Tan:
    case UnaryOp::Arcsin:
    case UnaryOp::Arccos:
    case UnaryOp::Arctan:
    case UnaryOp::Arcsinh:
    case UnaryOp::Arccosh:
    case UnaryOp::Arctanh:
        if (activeLowerOptions().cudaTarget &&
            (op == UnaryOp::Arcsin || op == UnaryOp::Arccos || op == UnaryOp::Arctan ||
             op == UnaryOp::Arcsinh || op == UnaryOp::Arccosh || op == UnaryOp::Arctanh))
            throw UserError(loc, fmt::format("np.{} of {} numbers is not supported by the CUDA "
                                             "target: libcu++'s complex {}, which its kernels "
                                             "would call, is far less accurate than NumPy's "
                                             "(wrong digits for |z| far from 1); use --target "
                                             "openmp",
                                             array::unaryOpName(op), dtypeName(in),
                                             array::unaryOpName(op)));
        [[fallthrough]];
    case UnaryOp::Sinh:
    case UnaryOp::Cosh:
    case UnaryOp::Tanh:
    case UnaryOp::Rint:
        return array::makeUnary(op, castTo(a, in, loc), in, loc);
    default:
        complexUnsupported(array::unaryOpName(op), in, false, loc);
    }
}

namespace {

/// A ufunc's result: a NumPy value even of Python numbers (np.add(n, 1) is an np.int64, not
/// a Python int: strong under NEP 50, with ndarray methods, divided as NumPy divides).
NodePtr numpyValue(const NodePtr &v, SourceLoc loc) {
    return v->type.weak ? array::makeCast(v, v->type.dtype, false, loc) : v;
}

Handler unaryUfunc(UnaryOp op) {
    return [op](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"x", true}});
        return Value::array(
            numpyValue(lowering.unary(op, requireArray(b[0], args, "x"), args.loc), args.loc),
            args.loc);
    };
}

/// Python's builtin abs: numpy.absolute, except that a Python bool is an int (abs(True)
/// is 1) and the abs of a Python number a Python number (weak in NEP 50's promotion).
Value builtinAbs(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true}});
    NodePtr x = pythonBoolAsInt(requireArray(b[0], args, "x"), args.loc);
    requireNegatable(x, args.loc);
    NodePtr a = lowering.unary(UnaryOp::Absolute, x, args.loc);
    if (!isPythonScalar(x))
        return Value::array(a, args.loc);
    if (!isSimpleScalar(*x)) { // checked as a variable
        x = lowering.materialized(x, args.loc);
        a = lowering.unary(UnaryOp::Absolute, x, args.loc);
    }
    return Value::array(pythonNegationChecked(x, asPythonScalar(a), args.loc), args.loc);
}

Handler binaryUfunc(BinaryOp op) {
    return [op](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"x1", true}, {"x2", true}});
        return Value::array(numpyValue(lowering.binary(op, requireArray(b[0], args, "x1"),
                                                       requireArray(b[1], args, "x2"), args.loc),
                                       args.loc),
                            args.loc);
    };
}

/// numpy.square: x * x (bool squares in int8, as NumPy has no bool loop).
Value square(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true}});
    NodePtr x = requireArray(b[0], args, "x");
    DType t = isBool(x->type.dtype) ? DType::Int8 : x->type.dtype;
    x = lowering.castTo(x, t, args.loc);
    return Value::array(numpyValue(lowering.binary(BinaryOp::Multiply, x, x, args.loc), args.loc),
                        args.loc);
}

/// numpy.round / numpy.around / ndarray.round as NumPy's PyArray_Round computes them: with
/// decimals=0 (the default) round half to even (np.rint) for floats, the identity for
/// integers; with `decimals` d > 0, `rint(a * 10**d) / 10**d` in a's float dtype; with
/// d < 0, `rint(a / 10**-d) * 10**-d` (integers in float64, cast back). Bool would round
/// in float16; complex numbers only with decimals=0.
Value round(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"decimals", false}});
    NodePtr x = requireArray(b[0], args, "a");
    int64_t decimals = 0;
    if (b[1]) {
        std::optional<int64_t> d = b[1]->kind == Value::Array && isWeakIntConstant(b[1]->node)
                                       ? std::optional<int64_t>(b[1]->node->intValue)
                                       : std::nullopt;
        if (!d)
            throw UserError(b[1]->loc, fmt::format("{}(): npc needs decimals as an int literal",
                                                   args.function));
        decimals = *d;
    }
    if (isBool(x->type.dtype))
        throw UserError(args.loc, fmt::format("{} of bool produces float16, which npc does not "
                                              "support; convert the input first",
                                              args.function));
    DType dtype = x->type.dtype;
    if (!isInexact(dtype) && decimals >= 0)
        return Value::array(lowering.castTo(x, dtype, args.loc), args.loc);
    if (decimals == 0)
        return Value::array(lowering.unary(UnaryOp::Rint, x, args.loc), args.loc);
    if (isComplex(dtype))
        throw UserError(b[1]->loc, fmt::format("{}() of complex numbers with decimals other "
                                               "than 0 is not supported by npc yet",
                                               args.function));
    // NumPy's power_of_ten: exact powers up to 1e8, then repeated multiplication.
    int64_t e = decimals < 0 ? -decimals : decimals;
    double factor = 1.0;
    for (int64_t i = 0; i < std::min<int64_t>(e, 400); ++i) // inf from 1e309 on
        factor *= 10.0;
    NodePtr f = array::makeFloatConstant(factor, DType::Float64, true, args.loc);
    NodePtr v = isInexact(dtype) ? array::makeCast(x, dtype, false, args.loc)
                                 : array::makeCast(x, DType::Float64, false, args.loc);
    BinaryOp first = decimals > 0 ? BinaryOp::Multiply : BinaryOp::TrueDivide;
    BinaryOp second = decimals > 0 ? BinaryOp::TrueDivide : BinaryOp::Multiply;
    v = lowering.unary(UnaryOp::Rint, lowering.binary(first, v, f, args.loc), args.loc);
    v = lowering.binary(second, v, f, args.loc);
    return Value::array(isInexact(dtype) ? v : array::makeCast(v, dtype, false, args.loc),
                        args.loc);
}

/// numpy.where(condition, x, y): x and y promoted like a binary ufunc's operands, all
/// three broadcast together; the condition is read by truth value.
Value where(ExprLowering &lowering, const CallArgs &args) {
    if (args.positional.size() == 1 && args.keywords.empty())
        throw UserError(args.loc, "np.where(condition) with one argument is not supported; "
                                  "pass x and y too");
    auto b = bind(args, {{"condition", true}, {"x", true}, {"y", true}});
    NodePtr cond = requireArray(b[0], args, "condition");
    NodePtr x = requireArray(b[1], args, "x");
    NodePtr y = requireArray(b[2], args, "y");
    DType dtype = promote({x->type.dtype, x->type.weak}, {y->type.dtype, y->type.weak}).dtype;
    Shape shape = broadcastShapes(broadcastShapes(cond->type.shape, x->type.shape, args.loc),
                                  y->type.shape, args.loc);
    cond = array::makeBroadcast(truthValue(cond, args.loc), shape, args.loc);
    // NumPy makes a Python int an int64 array first: rounded once to float32 or complex64.
    auto operand = [&](NodePtr v) {
        if (v->type.weak && isInteger(v->type.dtype) &&
            (dtype == DType::Float32 || dtype == DType::Complex64))
            v = array::makeCast(v, DType::Int64, false, args.loc);
        return array::makeBroadcast(lowering.castTo(v, dtype, args.loc), shape, args.loc);
    };
    x = operand(x);
    y = operand(y);
    return Value::array(array::makeWhere(cond, x, y, args.loc), args.loc);
}

/// numpy.clip(a, a_min, a_max) as NumPy 2.x computes it: minimum(maximum(a, a_min),
/// a_max) with NaN propagating from any operand, `a` returned when it equals a bound (so
/// -0.0 stays -0.0; with one side None, the bound, as np.minimum/np.maximum return), the
/// dtype NEP 50's promotion of all three. A Python int a_min below
/// an integer dtype's range, or a_max above it, is left out (np.clip(uint8_array, -1, 300)
/// is uint8); one beyond the other end raises NumPy's OverflowError (np.clip(uint8_array,
/// 400, 500)), also for `int` arguments, at run time. None leaves that side open.
Value clip(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"a_min", false}, {"a_max", false}});
    // Both bounds or neither (NumPy 2's signature: np.clip(x) is x, np.clip(x, 1) an error).
    if (!b[1] != !b[2])
        throw UserError(args.loc, fmt::format("clip() missing 1 required positional argument: "
                                              "'{}' (None leaves a side open)",
                                              b[1] ? "a_max" : "a_min"));
    NodePtr x = requireArray(b[0], args, "a");
    std::vector<NodePtr> bounds;
    for (int i : {1, 2})
        bounds.push_back(b[i] && b[i]->kind != Value::None
                             ? requireArray(b[i], args, i == 1 ? "a_min" : "a_max")
                             : nullptr);
    PromotionType pt{x->type.dtype, x->type.weak};
    for (const NodePtr &bound : bounds)
        if (bound)
            pt = promote(pt, {bound->type.dtype, bound->type.weak});
    DType dtype = pt.dtype;
    if (isComplex(dtype))
        complexUnsupported("clip", dtype, true, args.loc);
    NodePtr result = lowering.castTo(x, dtype, args.loc);
    for (size_t i = 0; i < 2; ++i) {
        NodePtr bound = bounds[i];
        if (!bound)
            continue;
        if (isWeakIntConstant(bound) && isInteger(dtype)) {
            int64_t v = bound->intValue;
            bool below = isUnsignedInteger(dtype) ? v < 0 : v < integerMin(dtype);
            bool above = v > 0 && static_cast<uint64_t>(v) > integerMax(dtype);
            if ((i == 0 && below) || (i == 1 && above)) // no element is beyond it
                continue;
        } else if (bound->type.weak && bound->type.rank() == 0 && isInteger(dtype) &&
                   isInteger(bound->type.dtype) && dtype != DType::Int64) {
            // A run-time Python int (an argument, a loop counter, `lo + 1`): the same at run
            // time. Clamped to the dtype's range on its open side, it fits there; the range
            // check raises on the other (on a variable, which CUDA reads on the host).
            if (bound->kind != array::NodeKind::Param && bound->kind != array::NodeKind::Var)
                bound = lowering.materialized(bound, args.loc);
            bool wide = i == 1 && integerMax(dtype) > static_cast<uint64_t>(INT64_MAX);
            if (!wide) {
                int64_t limit =
                    i == 0 ? integerMin(dtype) : static_cast<int64_t>(integerMax(dtype));
                bound = lowering.binary(
                    i == 0 ? BinaryOp::Maximum : BinaryOp::Minimum, bound,
                    array::makeIntConstant(limit, DType::Int64, false, args.loc), args.loc);
            }
            bound = lowering.rangeCheckedCast(bound, dtype, args.loc);
        }
        bound = lowering.castTo(bound, dtype, args.loc); // OverflowError if it does not fit
        // npc's minimum/maximum return the second operand on ties. NumPy 2's clip
        // returns `a` there (-0.0 stays -0.0 within [0.0, 1.0]); with one side None it is
        // np.minimum or np.maximum, which return the bound (np.clip(-0.0, None, 0.0) is 0.0).
        BinaryOp op = i == 0 ? BinaryOp::Maximum : BinaryOp::Minimum;
        result = bounds[0] && bounds[1] ? lowering.binary(op, bound, result, args.loc)
                                        : lowering.binary(op, result, bound, args.loc);
    }
    return Value::array(array::withName(result, "clip"), args.loc);
}

/// numpy.angle(z, deg=False): arctan2(z.imag, z.real), in degrees with deg=True. A real
/// `z` gives arctan2(0, z) with NEP 50's promotion, as NumPy: float32 for int16, float64
/// for int32, int64 and bool (0 and bool promote to int64); int8 and uint8 would be float16.
Value angle(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"z", true}, {"deg", false}});
    NodePtr z = requireArray(b[0], args, "z");
    bool deg = false;
    if (b[1]) {
        const Value &d = *b[1];
        if (d.kind != Value::Array || d.node->kind != array::NodeKind::Constant ||
            !isBool(d.node->type.dtype))
            throw UserError(d.loc, "np.angle(): deg must be True or False");
        deg = d.node->intValue != 0;
    }
    if (z->type.dtype == DType::Int8 || z->type.dtype == DType::UInt8)
        throw UserError(args.loc, fmt::format("np.angle of {} produces float16 (arctan2(0, z)), "
                                              "which npc does not support; convert the input "
                                              "to float32 first",
                                              dtypeName(z->type.dtype)));
    NodePtr re = z, im = array::makeIntConstant(0, DType::Int64, true, args.loc);
    if (isComplex(z->type.dtype)) {
        re = lowering.unary(UnaryOp::Real, z, args.loc);
        im = lowering.unary(UnaryOp::Imag, z, args.loc);
    }
    NodePtr a = lowering.binary(BinaryOp::Arctan2, im, re, args.loc);
    if (deg)
        a = lowering.binary(BinaryOp::Multiply, a,
                            array::makeFloatConstant(180 / 3.141592653589793, DType::Float64,
                                                     true, args.loc),
                            args.loc);
    return Value::array(a, args.loc);
}

} // namespace

const std::map<std::string, Handler> &elementwiseFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.sqrt", unaryUfunc(UnaryOp::Sqrt)},
        {"numpy.exp", unaryUfunc(UnaryOp::Exp)},
        {"numpy.log", unaryUfunc(UnaryOp::Log)},
        {"numpy.abs", unaryUfunc(UnaryOp::Absolute)},
        {"numpy.absolute", unaryUfunc(UnaryOp::Absolute)},
        {"numpy.negative", unaryUfunc(UnaryOp::Negative)},
        {"numpy.sign", unaryUfunc(UnaryOp::Sign)},
        {"numpy.square", square},
        {"numpy.exp2", unaryUfunc(UnaryOp::Exp2)},
        {"numpy.expm1", unaryUfunc(UnaryOp::Expm1)},
        {"numpy.log2", unaryUfunc(UnaryOp::Log2)},
        {"numpy.log10", unaryUfunc(UnaryOp::Log10)},
        {"numpy.log1p", unaryUfunc(UnaryOp::Log1p)},
        {"numpy.sin", unaryUfunc(UnaryOp::Sin)},
        {"numpy.cos", unaryUfunc(UnaryOp::Cos)},
        {"numpy.tan", unaryUfunc(UnaryOp::Tan)},
        {"numpy.arcsin", unaryUfunc(UnaryOp::Arcsin)},
        {"numpy.arccos", unaryUfunc(UnaryOp::Arccos)},
        {"numpy.arctan", unaryUfunc(UnaryOp::Arctan)},
        {"numpy.sinh", unaryUfunc(UnaryOp::Sinh)},
        {"numpy.cosh", unaryUfunc(UnaryOp::Cosh)},
        {"numpy.tanh", unaryUfunc(UnaryOp::Tanh)},
        {"numpy.arcsinh", unaryUfunc(UnaryOp::Arcsinh)},
        {"numpy.arccosh", unaryUfunc(UnaryOp::Arccosh)},
        {"numpy.arctanh", unaryUfunc(UnaryOp::Arctanh)},
        {"numpy.floor", unaryUfunc(UnaryOp::Floor)},
        {"numpy.ceil", unaryUfunc(UnaryOp::Ceil)},
        {"numpy.trunc", unaryUfunc(UnaryOp::Trunc)},
        {"numpy.rint", unaryUfunc(UnaryOp::Rint)},
        {"numpy.round", round},
        {"numpy.around", round},
        {"ndarray.round", round},
        {"numpy.isnan", unaryUfunc(UnaryOp::IsNan)},
        {"numpy.isinf", unaryUfunc(UnaryOp::IsInf)},
        {"numpy.isfinite", unaryUfunc(UnaryOp::IsFinite)},
        {"numpy.logical_not", unaryUfunc(UnaryOp::LogicalNot)},
        {"numpy.invert", unaryUfunc(UnaryOp::Invert)},
        {"numpy.bitwise_not", unaryUfunc(UnaryOp::Invert)},
        {"numpy.add", binaryUfunc(BinaryOp::Add)},
        {"numpy.subtract", binaryUfunc(BinaryOp::Subtract)},
        {"numpy.multiply", binaryUfunc(BinaryOp::Multiply)},
        {"numpy.divide", binaryUfunc(BinaryOp::TrueDivide)},
        {"numpy.true_divide", binaryUfunc(BinaryOp::TrueDivide)},
        {"numpy.floor_divide", binaryUfunc(BinaryOp::FloorDivide)},
        {"numpy.mod", binaryUfunc(BinaryOp::Remainder)},
        {"numpy.remainder", binaryUfunc(BinaryOp::Remainder)},
        {"numpy.fmod", binaryUfunc(BinaryOp::Fmod)},
        {"numpy.power", binaryUfunc(BinaryOp::Power)},
        {"numpy.minimum", binaryUfunc(BinaryOp::Minimum)},
        {"numpy.maximum", binaryUfunc(BinaryOp::Maximum)},
        {"numpy.fmin", binaryUfunc(BinaryOp::Fmin)},
        {"numpy.fmax", binaryUfunc(BinaryOp::Fmax)},
        {"numpy.arctan2", binaryUfunc(BinaryOp::Arctan2)},
        {"numpy.hypot", binaryUfunc(BinaryOp::Hypot)},
        {"numpy.copysign", binaryUfunc(BinaryOp::Copysign)},
        {"numpy.gcd", binaryUfunc(BinaryOp::Gcd)},
        {"numpy.lcm", binaryUfunc(BinaryOp::Lcm)},
        {"numpy.nextafter", binaryUfunc(BinaryOp::Nextafter)},
        {"numpy.cbrt", unaryUfunc(UnaryOp::Cbrt)},
        {"numpy.signbit", unaryUfunc(UnaryOp::Signbit)},
        {"numpy.logical_and", binaryUfunc(BinaryOp::LogicalAnd)},
        {"numpy.logical_or", binaryUfunc(BinaryOp::LogicalOr)},
        {"numpy.logical_xor", binaryUfunc(BinaryOp::LogicalXor)},
        {"numpy.bitwise_and", binaryUfunc(BinaryOp::BitwiseAnd)},
        {"numpy.bitwise_or", binaryUfunc(BinaryOp::BitwiseOr)},
        {"numpy.bitwise_xor", binaryUfunc(BinaryOp::BitwiseXor)},
        {"numpy.left_shift", binaryUfunc(BinaryOp::LeftShift)},
        {"numpy.right_shift", binaryUfunc(BinaryOp::RightShift)},
        {"numpy.less", binaryUfunc(BinaryOp::Less)},
        {"numpy.less_equal", binaryUfunc(BinaryOp::LessEqual)},
        {"numpy.greater", binaryUfunc(BinaryOp::Greater)},
        {"numpy.greater_equal", binaryUfunc(BinaryOp::GreaterEqual)},
        {"numpy.equal", binaryUfunc(BinaryOp::Equal)},
        {"numpy.not_equal", binaryUfunc(BinaryOp::NotEqual)},
        {"numpy.where", where},
        {"numpy.clip", clip},
        {"builtins.abs", builtinAbs},
        {"numpy.real", unaryUfunc(UnaryOp::Real)},
        {"numpy.imag", unaryUfunc(UnaryOp::Imag)},
        {"numpy.conj", unaryUfunc(UnaryOp::Conj)},
        {"numpy.conjugate", unaryUfunc(UnaryOp::Conj)},
        {"ndarray.conj", unaryUfunc(UnaryOp::Conj)},
        {"ndarray.conjugate", unaryUfunc(UnaryOp::Conj)},
        {"numpy.angle", angle},
    };
    return table;
}

} // namespace npc::lowering
