// Run-time checks of Python's operators on Python numbers (see PythonChecks.h).
#include "frontend/PythonChecks.h"

#include "frontend/LowerContext.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <string>
#include <vector>

namespace npc::lowering {

using array::BinaryOp;
using array::NodePtr;
using array::UnaryOp;

std::optional<std::pair<syntax::BinaryOp, std::string_view>> pythonIntOperator(BinaryOp op) {
    switch (op) {
    case BinaryOp::Add:
        return std::pair{syntax::BinaryOp::Add, "+"};
    case BinaryOp::Subtract:
        return std::pair{syntax::BinaryOp::Sub, "-"};
    case BinaryOp::Multiply:
        return std::pair{syntax::BinaryOp::Mul, "*"};
    case BinaryOp::Power:
        return std::pair{syntax::BinaryOp::Pow, "**"};
    case BinaryOp::FloorDivide:
        return std::pair{syntax::BinaryOp::FloorDiv, "//"};
    case BinaryOp::Remainder:
        return std::pair{syntax::BinaryOp::Mod, "%"};
    case BinaryOp::LeftShift:
        return std::pair{syntax::BinaryOp::LShift, "<<"};
    case BinaryOp::RightShift:
        return std::pair{syntax::BinaryOp::RShift, ">>"};
    default:
        return std::nullopt;
    }
}

namespace {

/// A check that raises npc's `exception` with `message` where the bool scalar `condition`
/// holds.
array::ExtentCheck raiseWhen(const NodePtr &condition, const char *message, const char *exception,
                             SourceLoc loc) {
    return {dimValue(array::makeCast(condition, DType::Int64, loc), message), dimConst(0), false,
            message, exception};
}

NodePtr allOf(std::initializer_list<NodePtr> conditions, SourceLoc loc) {
    NodePtr all;
    for (const NodePtr &c : conditions)
        all = all ? array::makeBinary(BinaryOp::LogicalAnd, all, c, loc) : c;
    return all;
}

bool isConstant(const NodePtr &n) {
    return n->kind == array::NodeKind::Constant;
}

/// The zero of dtype `t`, a constant.
NodePtr zeroOf(DType t, SourceLoc loc) {
    return isComplex(t)   ? array::makeComplexConstant(0, 0, t, false, loc)
           : isInexact(t) ? array::makeFloatConstant(0, t, false, loc)
                          : array::makeIntConstant(0, t, false, loc);
}

bool isRuntimePythonInt(const NodePtr &n) {
    return isPythonScalar(n) && n->type.dtype == DType::Int64;
}

/// The OverflowError of a Python int beyond int64, naming the expression's source text.
const std::string kBeyondInt64 =
    fmt::format("the Python int {} does not fit in int64, which npc computes Python ints in "
                "(Python's ints are unbounded)",
                array::kCheckedSource);

constexpr int64_t int64Min = std::numeric_limits<int64_t>::min();
constexpr int64_t int64Max = std::numeric_limits<int64_t>::max();

/// The values an int64 scalar can take, as [lo, hi]: a constant is itself, an extent is
/// never negative, and a narrower integer or bool converted to int64 (`int(k[0])` of an
/// int32 `k`) keeps its dtype's range.
std::pair<int64_t, int64_t> valueRange(const NodePtr &v) {
    if (isConstant(v))
        return {v->intValue, v->intValue};
    if (v->kind == array::NodeKind::DimValue)
        return {0, int64Max};
    if (v->kind == array::NodeKind::Cast) {
        DType from = v->operand()->type.dtype;
        if ((isInteger(from) || isBool(from)) && integerMax(from) <= uint64_t(int64Max) &&
            from != DType::Int64)
            return {integerMin(from), static_cast<int64_t>(integerMax(from))};
    }
    return {int64Min, int64Max};
}

/// True when the int64 scalar `v` may hold `value`.
bool mayHold(const NodePtr &v, int64_t value) {
    auto [lo, hi] = valueRange(v);
    return lo <= value && value <= hi;
}

/// True when `a op b` fits in int64 for all values the operands can take.
bool cannotOverflow(BinaryOp op, const NodePtr &a, const NodePtr &b) {
    auto [alo, ahi] = valueRange(a);
    auto [blo, bhi] = valueRange(b);
    int64_t r = 0;
    switch (op) {
    case BinaryOp::Add:
        return !__builtin_add_overflow(alo, blo, &r) && !__builtin_add_overflow(ahi, bhi, &r);
    case BinaryOp::Subtract:
        return !__builtin_sub_overflow(alo, bhi, &r) && !__builtin_sub_overflow(ahi, blo, &r);
    case BinaryOp::Multiply:
        return !__builtin_mul_overflow(alo, blo, &r) && !__builtin_mul_overflow(alo, bhi, &r) &&
               !__builtin_mul_overflow(ahi, blo, &r) && !__builtin_mul_overflow(ahi, bhi, &r);
    case BinaryOp::FloorDivide:
        return !mayHold(a, int64Min) || !mayHold(b, -1);
    default:
        return false;
    }
}

/// The condition `v < lo or v > hi` on an int64 scalar, leaving out a side that cannot
/// hold for v's values (g++ warns on comparisons that are always false); null when
/// neither can.
NodePtr outside(const NodePtr &v, int64_t lo, int64_t hi, SourceLoc loc) {
    auto [min, max] = valueRange(v);
    if (min >= lo)
        lo = int64Min;
    if (max <= hi)
        hi = int64Max;
    auto cmp = [&](BinaryOp op, int64_t bound) {
        return array::makeBinary(op, v, array::makeIntConstant(bound, DType::Int64, false, loc),
                                 loc);
    };
    NodePtr below = lo > int64Min ? cmp(BinaryOp::Less, lo) : nullptr;
    NodePtr above = hi < int64Max ? cmp(BinaryOp::Greater, hi) : nullptr;
    if (below && above)
        return array::makeBinary(BinaryOp::LogicalOr, below, above, loc);
    return below ? below : above;
}

/// `v == MIN` for an int64 scalar, written `v < MIN + 1` (the C++ npc writes spells the
/// constant MIN `npc::none`, the bound of a slice that has none).
NodePtr isInt64Min(const NodePtr &v, SourceLoc loc) {
    return array::makeBinary(BinaryOp::Less, v,
                             array::makeIntConstant(int64Min + 1, DType::Int64, false, loc), loc);
}

/// The values of `v` for which `v op c` (or `c op v` when `constantFirst`) fits in int64, as
/// [lo, hi]; nullopt when no constant bound expresses it.
std::optional<std::pair<int64_t, int64_t>> fittingRange(BinaryOp op, int64_t c,
                                                        bool constantFirst) {
    switch (op) {
    case BinaryOp::Add: // MIN <= v + c <= MAX
        return c >= 0 ? std::pair{int64Min, int64Max - c} : std::pair{int64Min - c, int64Max};
    case BinaryOp::Subtract:
        if (constantFirst) // c - MAX <= v <= c - MIN
            return c >= 0 ? std::pair{c - int64Max, int64Max}
                          : std::pair{int64Min, c + int64Max + 1};
        return c >= 0 ? std::pair{int64Min + c, int64Max} : std::pair{int64Min, int64Max + c};
    case BinaryOp::Multiply:
        if (c == 0)
            return std::pair{int64Min, int64Max};
        if (c == -1)
            return std::pair{int64Min + 1, int64Max};
        if (c > 0)
            return std::pair{int64Min / c, int64Max / c};
        return std::pair{int64Max / c, int64Min / c};
    case BinaryOp::LeftShift:
        if (constantFirst || c < 0)
            return std::nullopt;
        if (c >= 64)
            return std::pair{int64_t{0}, int64_t{0}};
        return std::pair{int64Min >> c, int64Max >> c};
    default:
        return std::nullopt;
    }
}

} // namespace

bool isSimpleScalar(const array::Node &n) {
    switch (n.kind) {
    case array::NodeKind::Constant:
    case array::NodeKind::DimValue:
    case array::NodeKind::Param:
    case array::NodeKind::Var:
        return true;
    case array::NodeKind::Cast:
    case array::NodeKind::Unary:
    case array::NodeKind::Binary:
    case array::NodeKind::Where:
        return std::all_of(n.operands.begin(), n.operands.end(),
                           [](const NodePtr &o) { return isSimpleScalar(*o); });
    default:
        return false;
    }
}

NodePtr pythonDivisionChecked(BinaryOp op, const NodePtr &a, const NodePtr &b, NodePtr result,
                              SourceLoc loc) {
    if ((op != BinaryOp::TrueDivide && op != BinaryOp::FloorDivide && op != BinaryOp::Remainder) ||
        !isPythonScalar(a) || !isPythonScalar(b) || isConstant(b))
        return result;
    bool ints = isInteger(a->type.dtype) && isInteger(b->type.dtype);
    bool complex = isComplex(a->type.dtype) || isComplex(b->type.dtype);
    const char *message =
        op == BinaryOp::TrueDivide ? (ints      ? "division by zero"
                                      : complex ? "complex division by zero"
                                                : "float division by zero")
        : op == BinaryOp::FloorDivide
            ? (ints ? "integer division or modulo by zero" : "float floor division by zero")
            : (ints ? "integer modulo by zero" : "float modulo");
    DType t = b->type.dtype;
    NodePtr isZero = array::makeBinary(BinaryOp::Equal, b, zeroOf(t, loc), loc);
    return array::withChecks(result, {raiseWhen(isZero, message, "ZeroDivisionError", loc)});
}

namespace {

/// Python's complex power (complex_pow): zero to a power with a negative real part or a
/// nonzero imaginary part raises ZeroDivisionError.
NodePtr pythonComplexPowerChecked(const NodePtr &a, const NodePtr &b, NodePtr result,
                                  SourceLoc loc) {
    static constexpr const char *message = "0.0 to a negative or complex power";
    auto realPart = [](const NodePtr &n) {
        return isInexact(n->type.dtype) ? n->floatValue : static_cast<double>(n->intValue);
    };
    auto imagPart = [](const NodePtr &n) { return isComplex(n->type.dtype) ? n->imagValue : 0.0; };
    if (isConstant(a) && isConstant(b)) {
        if (realPart(a) == 0 && imagPart(a) == 0 && (realPart(b) < 0 || imagPart(b) != 0))
            throw UserError(loc, fmt::format("{} (Python's ZeroDivisionError)", message));
        return result;
    }
    auto part = [&](UnaryOp which, const NodePtr &n) {
        DType t = n->type.dtype;
        if (!isComplex(t))
            return which == UnaryOp::Real ? n : nullptr;
        return array::makeUnary(which, n, complexPartDType(t), loc);
    };
    auto cmp = [&](BinaryOp c, const NodePtr &u) {
        return array::makeBinary(c, u, zeroOf(u->type.dtype, loc), loc);
    };
    NodePtr zeroBase = cmp(BinaryOp::Equal, part(UnaryOp::Real, a));
    if (NodePtr imag = part(UnaryOp::Imag, a))
        zeroBase = allOf({zeroBase, cmp(BinaryOp::Equal, imag)}, loc);
    NodePtr badExponent = cmp(BinaryOp::Less, part(UnaryOp::Real, b));
    if (NodePtr imag = part(UnaryOp::Imag, b))
        badExponent =
            array::makeBinary(BinaryOp::LogicalOr, badExponent, cmp(BinaryOp::NotEqual, imag), loc);
    // Python raises where a part of the power is infinite (_Py_ADJUST_ERANGE2).
    NodePtr infinite = array::makeBinary(
        BinaryOp::LogicalOr,
        array::makeUnary(UnaryOp::IsInf, part(UnaryOp::Real, result), DType::Bool, loc),
        array::makeUnary(UnaryOp::IsInf, part(UnaryOp::Imag, result), DType::Bool, loc), loc);
    return array::withChecks(
        result, {raiseWhen(allOf({zeroBase, badExponent}, loc), message, "ZeroDivisionError", loc),
                 raiseWhen(infinite, "complex exponentiation", "OverflowError", loc)});
}

} // namespace

NodePtr pythonPowerChecked(BinaryOp op, const NodePtr &a, const NodePtr &b, NodePtr result,
                           SourceLoc loc) {
    const DType t = result->type.dtype;
    if (op != BinaryOp::Power || !isPythonScalar(a) || !isPythonScalar(b))
        return result;
    if (isComplex(t))
        return pythonComplexPowerChecked(a, b, std::move(result), loc);
    if (!isFloat(t))
        return result;
    // CPython's float_pow, in its order: zero to a negative power, a negative base to a
    // fractional power (complex), then an overflowing result (errno ERANGE).
    static constexpr const char *zeroMessage = "0.0 cannot be raised to a negative power";
    static constexpr const char *complexMessage =
        "a negative number to a fractional power is a complex number in Python, and npc "
        "computes Python floats as real numbers; write (x + 0j) ** y for the complex power";
    static constexpr const char *overflowMessage = "(34, 'Numerical result out of range')";
    if (isConstant(a) && isConstant(b)) {
        auto value = [](const NodePtr &n) {
            return isFloat(n->type.dtype) ? n->floatValue : static_cast<double>(n->intValue);
        };
        const double x = value(a), y = value(b);
        const double r = t == DType::Float32
                             ? std::pow(static_cast<float>(x), static_cast<float>(y))
                             : std::pow(x, y);
        auto python = [&](const char *message, const char *exception) {
            return UserError(loc, fmt::format("{} (Python's {})", message, exception));
        };
        if (x == 0 && y < 0 && std::isfinite(y)) // 0.0 ** -inf is inf
            throw python(zeroMessage, "ZeroDivisionError");
        if (std::isfinite(x) && x < 0 && std::isfinite(y) && std::floor(y) != y)
            throw UserError(loc, complexMessage);
        if (std::isinf(r) && std::isfinite(x) && std::isfinite(y))
            throw python(overflowMessage, "OverflowError");
        return result;
    }
    NodePtr x = a->type.dtype == t ? a : array::makeCast(a, t, loc);
    NodePtr y = b->type.dtype == t ? b : array::makeCast(b, t, loc);
    auto cmp = [&](BinaryOp c, const NodePtr &u, double v) {
        return array::makeBinary(c, u, array::makeFloatConstant(v, t, false, loc), loc);
    };
    auto unary = [&](UnaryOp u, const NodePtr &v, DType dtype) {
        return array::makeUnary(u, v, dtype, loc);
    };
    NodePtr finiteX = unary(UnaryOp::IsFinite, x, DType::Bool);
    NodePtr finiteY = unary(UnaryOp::IsFinite, y, DType::Bool);
    NodePtr zeroToNegative =
        allOf({cmp(BinaryOp::Equal, x, 0), cmp(BinaryOp::Less, y, 0), finiteY}, loc);
    NodePtr fractional = array::makeBinary(BinaryOp::NotEqual, unary(UnaryOp::Floor, y, t), y, loc);
    NodePtr complexPower = allOf({cmp(BinaryOp::Less, x, 0), finiteX, finiteY, fractional}, loc);
    NodePtr overflow = allOf({unary(UnaryOp::IsInf, result, DType::Bool), finiteX, finiteY,
                              cmp(BinaryOp::NotEqual, x, 0)},
                             loc);
    return array::withChecks(result,
                             {raiseWhen(zeroToNegative, zeroMessage, "ZeroDivisionError", loc),
                              raiseWhen(complexPower, complexMessage, "ValueError", loc),
                              raiseWhen(overflow, overflowMessage, "OverflowError", loc)});
}

NodePtr pythonIntChecked(BinaryOp op, const NodePtr &a, const NodePtr &b, NodePtr result,
                         SourceLoc loc) {
    if (!isRuntimePythonInt(a) || !isRuntimePythonInt(b) || result->type.dtype != DType::Int64 ||
        isConstant(result))
        return result;
    auto intConst = [&](int64_t v) { return array::makeIntConstant(v, DType::Int64, false, loc); };
    auto binary = [&](BinaryOp o, const NodePtr &x, const NodePtr &y) {
        return array::makeBinary(o, x, y, loc);
    };
    // Conditions that are null where they cannot hold.
    auto both = [&](const NodePtr &x, const NodePtr &y) {
        return x && y ? binary(BinaryOp::LogicalAnd, x, y) : nullptr;
    };
    auto either = [&](const NodePtr &x, const NodePtr &y) {
        return x && y ? binary(BinaryOp::LogicalOr, x, y) : x ? x : y;
    };
    auto equals = [&](const NodePtr &x, int64_t v) -> NodePtr {
        if (!mayHold(x, v))
            return nullptr;
        return v == int64Min ? isInt64Min(x, loc) : binary(BinaryOp::Equal, x, intConst(v));
    };
    std::vector<array::ExtentCheck> checks;
    const bool shift = op == BinaryOp::LeftShift || op == BinaryOp::RightShift;
    if (shift && isConstant(b) && b->intValue < 0)
        throw UserError(loc, "negative shift count (Python's ValueError)");
    if (shift && !isConstant(b) && valueRange(b).first < 0)
        checks.push_back(raiseWhen(binary(BinaryOp::Less, b, intConst(0)), "negative shift count",
                                   "ValueError", loc));
    const bool constA = isConstant(a);
    const bool constB = isConstant(b);
    if (!shift && op != BinaryOp::Power && cannotOverflow(op, a, b))
        return array::withChecks(result, std::move(checks));
    NodePtr overflow;
    if (auto range = constA || constB ? fittingRange(op, constB ? b->intValue : a->intValue, constA)
                                      : std::nullopt)
        overflow = outside(constB ? a : b, range->first, range->second, loc);
    else
        switch (op) {
        case BinaryOp::Add: // the operands have one sign and the wrapped sum the other
            overflow = binary(BinaryOp::Less,
                              binary(BinaryOp::BitwiseAnd, binary(BinaryOp::BitwiseXor, a, result),
                                     binary(BinaryOp::BitwiseXor, b, result)),
                              intConst(0));
            break;
        case BinaryOp::Subtract: // the operands' signs differ and the result's is b's
            overflow = binary(BinaryOp::Less,
                              binary(BinaryOp::BitwiseAnd, binary(BinaryOp::BitwiseXor, a, b),
                                     binary(BinaryOp::BitwiseXor, a, result)),
                              intConst(0));
            break;
        case BinaryOp::Multiply: // the wrapped product divided by a is not b (-1 * MIN is MIN)
            overflow = binary(
                BinaryOp::LogicalAnd, binary(BinaryOp::NotEqual, a, intConst(0)),
                either(binary(BinaryOp::NotEqual, binary(BinaryOp::FloorDivide, result, a), b),
                       both(equals(a, -1), equals(b, int64Min))));
            break;
        case BinaryOp::FloorDivide: // MIN // -1 is 2**63
            overflow = constB   ? (b->intValue == -1 ? equals(a, int64Min) : nullptr)
                       : constA ? (a->intValue == int64Min ? equals(b, -1) : nullptr)
                                : both(equals(a, int64Min), equals(b, -1));
            break;
        case BinaryOp::LeftShift: // shifting back does not give a (a count of 64 or more gives 0)
            overflow = binary(BinaryOp::NotEqual, binary(BinaryOp::RightShift, result, b), a);
            break;
        case BinaryOp::Power: { // the float64 power is beyond int64 (exact for exponents from 2:
                                // no perfect power but 2**63 lies within float64 error of it)
            auto asFloat = [&](const NodePtr &n) {
                return array::makeCast(n, DType::Float64, loc);
            };
            NodePtr p = binary(BinaryOp::Power, asFloat(a), asFloat(b));
            auto bound = array::makeFloatConstant(0x1p63, DType::Float64, false, loc);
            auto negBound = array::makeFloatConstant(-0x1p63, DType::Float64, false, loc);
            overflow = binary(BinaryOp::LogicalOr, binary(BinaryOp::GreaterEqual, p, bound),
                              binary(BinaryOp::Less, p, negBound));
            // The float64 of a itself may round to 2**63: a ** 1 (and ** 0) always fits.
            if (!constB)
                overflow = binary(BinaryOp::LogicalAnd, binary(BinaryOp::Greater, b, intConst(1)),
                                  overflow);
            else if (b->intValue <= 1)
                overflow = nullptr;
            break;
        }
        default:
            break;
        }
    if (overflow) {
        checks.push_back(raiseWhen(overflow, kBeyondInt64.c_str(), "OverflowError", loc));
    }
    return array::withChecks(result, std::move(checks));
}

void requireNegatable(const NodePtr &a, SourceLoc loc) {
    if (isRuntimePythonInt(a) && a->kind == array::NodeKind::Constant && a->intValue == int64Min)
        throw UserError(loc, "the Python int 9223372036854775808 does not fit in int64, which "
                             "npc computes Python ints in (Python's ints are unbounded)");
}

NodePtr pythonNegationChecked(const NodePtr &a, NodePtr result, SourceLoc loc) {
    if (!isRuntimePythonInt(a) || isConstant(a) || !mayHold(a, int64Min))
        return result;
    NodePtr isMin = isInt64Min(a, loc);

    return array::withChecks(result,
                             {raiseWhen(isMin, kBeyondInt64.c_str(), "OverflowError", loc)});
}

NodePtr pythonIntConversionChecked(const NodePtr &x, NodePtr result, SourceLoc loc) {
    const DType t = x->type.dtype;
    if (isConstant(x) || (!isFloat(t) && t != DType::UInt64))
        return result;
    if (t == DType::UInt64) {
        NodePtr beyond = array::makeBinary(
            BinaryOp::Greater, x, array::makeIntConstant(int64Max, DType::UInt64, false, loc), loc);
        return array::withChecks(result,
                                 {raiseWhen(beyond, kBeyondInt64.c_str(), "OverflowError", loc)});
    }
    auto bound = [&](double v) { return array::makeFloatConstant(v, t, false, loc); };
    NodePtr beyond = array::makeBinary(
        BinaryOp::LogicalOr, array::makeBinary(BinaryOp::Less, x, bound(-0x1p63), loc),
        array::makeBinary(BinaryOp::GreaterEqual, x, bound(0x1p63), loc), loc);
    return array::withChecks(
        result, {raiseWhen(array::makeUnary(UnaryOp::IsNan, x, DType::Bool, loc),
                           "cannot convert float NaN to integer", "ValueError", loc),
                 raiseWhen(array::makeUnary(UnaryOp::IsInf, x, DType::Bool, loc),
                           "cannot convert float infinity to integer", "OverflowError", loc),
                 raiseWhen(beyond, kBeyondInt64.c_str(), "OverflowError", loc)});
}

} // namespace npc::lowering
