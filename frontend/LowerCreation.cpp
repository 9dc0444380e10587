// NumPy's array creation functions (zeros ones empty full and their _like forms, arange,
// linspace, eye, identity, array from literal lists) and conversions (astype, asarray,
// copy, np.float32(x)). Fills are broadcasts of one scalar and generated values are
// arithmetic on Iota (the index along an axis), so creation fuses into the loops of its
// consumers and costs nothing of its own. Result dtypes and values follow NumPy 2.x.
#include "frontend/Lower.h"
#include "frontend/LowerContext.h"
#include "ir/Promotion.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace npc {
namespace lowering {
namespace {

using array::BinaryOp;
using array::NodeKind;
using array::NodePtr;

/// The LowerOptions of the lowerModule call in progress (see the end of the file).
thread_local LowerOptions gOptions;

/// True when scalar `n` is computed from constants, extents and scalar arguments or
/// variables only: what a run-time size may be (sizes are evaluated before the loops,
/// where no array element has been read).
bool isSizeExpression(const NodePtr &n) {
    switch (n->kind) {
    case NodeKind::Constant:
    case NodeKind::DimValue:
        return true;
    case NodeKind::Param:
    case NodeKind::Var:
        return n->type.rank() == 0;
    case NodeKind::Cast:
    case NodeKind::Unary:
    case NodeKind::Binary:
    case NodeKind::Where:
        return std::all_of(n->operands.begin(), n->operands.end(), isSizeExpression);
    default:
        return false;
    }
}

/// UserError unless `n` can be a run-time size (see isSizeExpression).
void requireSizeExpression(const NodePtr &n, SourceLoc loc, const CallArgs &args) {
    if (!isSizeExpression(n))
        throw UserError(loc, fmt::format("{}(): npc computes a run-time size from int arguments, "
                                         "extents (x.shape[0], len(x)) and constants only, not "
                                         "from array elements",
                                         args.function));
}

/// A strong scalar constant of `dtype` with value `v` (1/0 for bool).
NodePtr scalarConstant(double v, DType dtype, SourceLoc loc) {
    if (isComplex(dtype))
        return array::makeComplexConstant(v, 0, dtype, false, loc);
    if (isFloat(dtype))
        return array::makeFloatConstant(v, dtype, false, loc);
    if (isBool(dtype))
        return array::makeIntConstant(v != 0, dtype, false, loc);
    return array::makeIntConstant(static_cast<int64_t>(v), dtype, false, loc);
}

/// The scalar bound to parameter `what`: a 0-d array value; UserError otherwise.
NodePtr requireScalar(const std::optional<Value> &v, const CallArgs &args, const char *what) {
    NodePtr x = requireArray(v, args, what);
    if (x->type.rank() != 0)
        throw UserError(v->loc,
                        fmt::format("{}(): npc supports a scalar '{}' only", args.function, what));
    if (isComplex(x->type.dtype))
        throw UserError(v->loc, fmt::format("{}(): a complex '{}' is not supported by npc",
                                            args.function, what));
    return x;
}

/// `order=`: every order gives the same values; npc's arrays are C-ordered.
void checkOrder(const std::optional<Value> &v, const CallArgs &args) {
    if (!v || v->kind == Value::None)
        return;
    if (v->kind == Value::String &&
        (v->text == "C" || v->text == "F" || v->text == "A" || v->text == "K"))
        return;
    throw UserError(v->loc,
                    fmt::format("{}(): order must be one of 'C', 'F', 'A', or 'K'", args.function));
}

/// `shape=`: an int or a sequence of them.
Shape shapeArgument(const Value &v, const CallArgs &args) {
    Shape shape;
    if (v.kind == Value::Tuple) {
        for (const Value &e : v.elements)
            shape.push_back(extentArgument(e, args, "shape"));
        return shape;
    }
    return {extentArgument(v, args, "shape")};
}

/// `value` converted to `dtype` and broadcast to `shape` (numpy.full's fill).
NodePtr filled(ExprLowering &lowering, NodePtr value, DType dtype, const Shape &shape,
               const CallArgs &args) {
    value = lowering.castTo(value, dtype, args.loc);
    auto message = [&](std::vector<Dim> *shown) {
        std::string from = array::showShape(value->type.shape, shown);
        return fmt::format("could not broadcast input array from shape {} into shape {}", from,
                           array::showShape(shape, shown));
    };
    if (value->type.rank() > static_cast<int>(shape.size()))
        throw UserError(args.loc, message(nullptr));
    return broadcastChecked(value, shape, args.loc, message);
}

/// np.zeros / np.ones / np.empty (shape, dtype=float, order='C'). np.empty is filled
/// with zeros: its contents are unspecified in NumPy, and zeros cost nothing when fused.
Handler constantFill(double value) {
    return [value](ExprLowering &, const CallArgs &args) {
        auto b = bind(args, {{"shape", true}, {"dtype", false}, {"order", false}, {"like", false}});
        Shape shape = shapeArgument(*b[0], args);
        DType t = dtypeArgument(b[1], args).value_or(defaultFloatDType());
        checkOrder(b[2], args);
        if (b[3] && b[3]->kind != Value::None)
            throw UserError(b[3]->loc, fmt::format("npc does not support the argument 'like' of "
                                                   "{}()",
                                                   args.function));
        return Value::array(
            array::makeBroadcast(scalarConstant(value, t, args.loc), shape, args.loc), args.loc);
    };
}

/// numpy.full(shape, fill_value, dtype=None, order='C'): dtype from the fill value.
Value full(ExprLowering &lowering, const CallArgs &args) {
    auto b =
        bind(args, {{"shape", true}, {"fill_value", true}, {"dtype", false}, {"order", false}});
    NodePtr fill = requireArray(b[1], args, "fill_value");
    DType t = dtypeArgument(b[2], args).value_or(constructorDType(fill));
    checkOrder(b[3], args);
    return Value::array(filled(lowering, fill, t, shapeArgument(*b[0], args), args), args.loc);
}

/// np.zeros_like / ones_like / empty_like (a, dtype=None, order='K', subok=True,
/// shape=None) filled with `value`, and full_like (fill_value second) when it is absent.
Handler likeFill(std::optional<double> value) {
    return [value](ExprLowering &lowering, const CallArgs &args) {
        std::vector<ParamSpec> spec = {
            {"a", true}, {"dtype", false}, {"order", false}, {"subok", false}, {"shape", false}};
        if (!value)
            spec.insert(spec.begin() + 1, ParamSpec{"fill_value", true});
        auto b = lowering::bind(args, spec);
        size_t k = value ? 0 : 1; // offset of the parameters after fill_value
        NodePtr a = requireArray(b[0], args, "a");
        DType t = dtypeArgument(b[1 + k], args)
                      .value_or(a->type.weak ? constructorDType(a) : a->type.dtype);
        checkOrder(b[2 + k], args);
        Shape shape = b[4 + k] && b[4 + k]->kind != Value::None ? shapeArgument(*b[4 + k], args)
                                                                : a->type.shape;
        NodePtr fill =
            value ? scalarConstant(*value, t, args.loc) : requireArray(b[1], args, "fill_value");
        return Value::array(filled(lowering, fill, t, shape, args), args.loc);
    };
}

/// Wraps an integer to the range of `t` (NumPy's integer conversion of a C value).
int64_t wrapInt(int64_t v, DType t) {
    if (isBool(t))
        return v != 0;
    int bits = itemSize(t) * 8;
    if (bits == 64)
        return v;
    auto u = static_cast<uint64_t>(v) & ((uint64_t{1} << bits) - 1);
    if (isSignedInteger(t) && (u >> (bits - 1)))
        return static_cast<int64_t>(u) - (int64_t{1} << bits);
    return static_cast<int64_t>(u);
}

double constantNumber(const NodePtr &n) {
    return isFloat(n->type.dtype) ? n->floatValue : static_cast<double>(n->intValue);
}

/// `first + iota * delta` in dtype `t` (first and delta: 0-d nodes of dtype `t`), the
/// values of numpy.arange's fill loop; skips the multiply by 1, and the add of an integer
/// 0 (a float 0.0 + -0.0 is 0.0, as NumPy's first element).
NodePtr affine(ExprLowering &lowering, const NodePtr &iota, const NodePtr &first,
               const NodePtr &delta, DType t, SourceLoc loc) {
    auto is = [](const NodePtr &n, double v) {
        return n->kind == NodeKind::Constant && constantNumber(n) == v;
    };
    NodePtr y = array::makeCast(iota, t, loc);
    if (!is(delta, 1))
        y = lowering.binary(BinaryOp::Multiply, y, delta, loc);
    if (!is(first, 0) || isFloat(t))
        y = lowering.binary(BinaryOp::Add, first, y, loc);
    return y;
}

/// NumPy's OverflowError of numpy.arange with an integer dtype `t` and constant start and
/// step: its first element `first` must fit `t` when the result has one element or more,
/// and `second` (start + step) when it has two or more (np.arange(-5, 5, dtype=np.uint8)
/// raises; np.arange(250, 260, dtype=np.uint8) wraps after 255, as NumPy's does). A located
/// error (at `start`, or the call `loc` for the second element) when the length is a
/// constant, else run-time checks.
std::vector<array::ExtentCheck> arangeRangeChecks(ExprLowering &lowering, int64_t first,
                                                  int64_t second, DType t, const Dim &length,
                                                  const NodePtr &runtimeLength, SourceLoc start,
                                                  SourceLoc loc) {
    std::vector<array::ExtentCheck> checks;
    for (auto [value, elements] : {std::pair{first, int64_t{1}}, std::pair{second, int64_t{2}}}) {
        if (fitsInteger(value, t))
            continue;
        std::string message =
            fmt::format("Python integer {} out of bounds for {}", value, dtypeName(t));
        if (auto n = dimConstValue(length)) {
            if (*n >= elements)
                throw UserError(elements == 1 ? start : loc, message);
            continue;
        }
        // Raised when the run-time length reaches `elements` (then `reached` is 1, not 0).
        NodePtr reached = array::makeCast(
            lowering.binary(BinaryOp::GreaterEqual, runtimeLength,
                            array::makeIntConstant(elements, DType::Int64, false, loc), loc),
            DType::Int64, loc);
        checks.push_back({dimValue(reached, fmt::format("len(arange) >= {}", elements)),
                          dimConst(0), false, message, "OverflowError"});
    }
    return checks;
}

/// `if (condition) raise type(message)` at run time, as an extent check of an arange.
using RaiseIf = std::function<void(const NodePtr &, const char *, const char *)>;

/// numpy.arange's length for float arguments only the run time knows, as an int64 scalar
/// (negative when empty): ceil((stop - start) / step), where a positive quotient that
/// underflows to 0 of a nonzero distance is 1 (np.arange(0.0, 5.0, np.inf) is [0.]).
/// NumPy's ValueErrors for a quotient that is NaN or beyond 2**63 go through `raiseIf`.
NodePtr floatArangeCount(ExprLowering &lowering, const NodePtr &start, const NodePtr &stop,
                         const NodePtr &step, const RaiseIf &raiseIf, SourceLoc loc) {
    auto f64 = [&](const NodePtr &v) { return lowering.castTo(v, DType::Float64, loc); };
    auto f = [&](double v) { return array::makeFloatConstant(v, DType::Float64, false, loc); };
    NodePtr distance = lowering.binary(BinaryOp::Subtract, f64(stop), f64(start), loc);
    NodePtr ratio = lowering.binary(BinaryOp::TrueDivide, distance, f64(step), loc);
    raiseIf(lowering.unary(array::UnaryOp::IsNan, ratio, loc), "arange: cannot compute length",
            "ValueError");
    raiseIf(lowering.binary(BinaryOp::Greater, lowering.unary(array::UnaryOp::Absolute, ratio, loc),
                            f(0x1p63), loc),
            "Maximum allowed size exceeded", "ValueError");
    // 1 / ratio tells +0.0 from -0.0.
    NodePtr one = lowering.binary(
        BinaryOp::LogicalAnd,
        lowering.binary(BinaryOp::LogicalAnd, lowering.binary(BinaryOp::Equal, ratio, f(0), loc),
                        lowering.binary(BinaryOp::NotEqual, distance, f(0), loc), loc),
        lowering.binary(BinaryOp::Greater, lowering.binary(BinaryOp::TrueDivide, f(1), ratio, loc),
                        f(0), loc),
        loc);
    return array::makeCast(
        array::makeWhere(one, f(1), lowering.unary(array::UnaryOp::Ceil, ratio, loc), loc),
        DType::Int64, loc);
}

/// numpy.arange([start,] stop[, step], dtype=None). NumPy's length is
/// ceil((stop - start) / step) and its values `first + i * delta` in the result dtype,
/// with first = start and delta = (start + step) - start converted to that dtype (so
/// np.arange(0.1, 1, 0.3)[2] is 0.7000000000000001, as NumPy gives).
Value arange(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"start", true}, {"stop", false}, {"step", false}, {"dtype", false}});
    SourceLoc loc = args.loc;
    bool hasStop = b[1] && b[1]->kind != Value::None;
    NodePtr start = hasStop ? requireScalar(b[0], args, "start")
                            : array::makeIntConstant(0, DType::Int64, true, loc);
    NodePtr stop = requireScalar(hasStop ? b[1] : b[0], args, "stop");
    NodePtr step = b[2] && b[2]->kind != Value::None
                       ? requireScalar(b[2], args, "step")
                       : array::makeIntConstant(1, DType::Int64, true, loc);
    bool anyFloat =
        isFloat(start->type.dtype) || isFloat(stop->type.dtype) || isFloat(step->type.dtype);
    DType t = dtypeArgument(b[3], args).value_or(anyFloat ? defaultFloatDType() : DType::Int64);
    if (isComplex(t))
        throw UserError(b[3]->loc, "np.arange(): a complex dtype is not supported by npc");
    bool constant = start->kind == NodeKind::Constant && stop->kind == NodeKind::Constant &&
                    step->kind == NodeKind::Constant;

    Dim length;
    NodePtr runtimeLength; // the length as an int64 scalar, when only the run time knows it
    std::vector<array::ExtentCheck> checks; // run-time errors: the length's, then the values'
    if (constant && !anyFloat) {
        int64_t s = start->intValue, e = stop->intValue, st = step->intValue;
        if (st == 0)
            throw UserError(b[2]->loc, "division by zero (np.arange() step is 0)");
        int64_t n =
            st > 0 ? (e > s ? (e - s + st - 1) / st : 0) : (s > e ? (s - e - st - 1) / -st : 0);
        length = dimConst(n);
    } else if (constant) {
        double st = constantNumber(step);
        if (st == 0)
            throw UserError(b[2]->loc, "float division by zero (np.arange() step is 0)");
        double distance = constantNumber(stop) - constantNumber(start);
        double ratio = distance / st;
        // NumPy: a quotient that underflows to 0 of a nonzero distance is one element
        // (np.arange(0.0, 5.0, np.inf) is [0.]) when positive.
        double n =
            ratio == 0 && distance != 0 ? (std::signbit(ratio) ? 0.0 : 1.0) : std::ceil(ratio);
        if (std::isnan(n))
            throw UserError(loc, "arange: cannot compute length");
        if (std::fabs(ratio) > 0x1p63) // NumPy's limit (np.arange(0.0, 1.0, 1e-300))
            throw UserError(loc, "Maximum allowed size exceeded");
        length = dimConst(n > 0 ? static_cast<int64_t>(n) : 0);
    } else {
        // max(0, ceil((stop - start) / step)) at run time, as an int64 scalar node.
        NodePtr zero = array::makeIntConstant(0, DType::Int64, false, loc);
        NodePtr count;
        // NumPy's errors for a step of 0 and for a length it cannot compute or represent.
        RaiseIf raiseIf = [&](const NodePtr &condition, const char *message, const char *type) {
            checks.push_back({dimValue(array::makeCast(condition, DType::Int64, loc), message),
                              dimConst(0), false, message, type});
        };
        if (!(step->kind == NodeKind::Constant && constantNumber(step) != 0))
            raiseIf(lowering.binary(BinaryOp::Equal, step,
                                    array::makeIntConstant(0, DType::Int64, true, loc), loc),
                    anyFloat ? "float division by zero" : "division by zero", "ZeroDivisionError");
        if (!anyFloat) {
            auto i64 = [&](const NodePtr &v) { return lowering.castTo(v, DType::Int64, loc); };
            NodePtr s = i64(start), e = i64(stop), st = i64(step);
            bool fromZero = s->kind == NodeKind::Constant && s->intValue == 0 &&
                            st->kind == NodeKind::Constant && st->intValue == 1;
            if (fromZero && stop->kind == NodeKind::DimValue)
                length = stop->dim;
            // ceil(a / b) is -((-a) // b) with Python's floored division, for either sign.
            count =
                fromZero
                    ? e
                    : array::makeUnary(
                          array::UnaryOp::Negative,
                          lowering.binary(BinaryOp::FloorDivide,
                                          lowering.binary(BinaryOp::Subtract, s, e, loc), st, loc),
                          DType::Int64, loc);
        } else {
            count = floatArangeCount(lowering, start, stop, step, raiseIf, loc);
        }
        for (const NodePtr &bound : {start, stop, step})
            requireSizeExpression(bound, bound->loc, args);
        runtimeLength = lowering.binary(BinaryOp::Maximum, count, zero, loc);
        if (!length)
            length = dimValue(runtimeLength,
                              fmt::format("len(arange({}, {}, {}))", array::valueText(start),
                                          array::valueText(stop), array::valueText(step)));
    }
    if (isBool(t))
        throw UserError(loc, "np.arange() with dtype=bool is not supported by npc");

    // NumPy's fill: first = t(start), next = t(start + step), delta = next - first in t;
    // element 0 is first, element 1 next, element i > 1 first + i * delta.
    NodePtr first, next, delta;
    if (start->kind == NodeKind::Constant && step->kind == NodeKind::Constant) {
        bool ints = !isFloat(start->type.dtype) && !isFloat(step->type.dtype);
        if (isFloat(t)) {
            double s = constantNumber(start);
            double sum = ints ? static_cast<double>(start->intValue + step->intValue)
                              : s + constantNumber(step);
            double f = t == DType::Float32 ? static_cast<float>(s) : s;
            double n = t == DType::Float32 ? static_cast<float>(sum) : sum;
            double d = t == DType::Float32
                           ? static_cast<double>(static_cast<float>(n) - static_cast<float>(f))
                           : n - f;
            first = array::makeFloatConstant(f, t, false, loc);
            next = array::makeFloatConstant(n, t, false, loc);
            delta = array::makeFloatConstant(d, t, false, loc);
        } else {
            // Float arguments with an integer dtype truncate (np.arange(0.5, 3, dtype=int)).
            // (Out of int64, such as an infinite step's sum: INT64_MIN, as x86-64 converts.)
            auto truncate = [](double v) {
                return v >= -0x1p63 && v < 0x1p63 ? static_cast<int64_t>(v) : INT64_MIN;
            };
            int64_t s = ints ? start->intValue : truncate(constantNumber(start));
            int64_t sum = ints ? start->intValue + step->intValue
                               : truncate(constantNumber(start) + constantNumber(step));
            for (array::ExtentCheck &c :
                 arangeRangeChecks(lowering, s, sum, t, length, runtimeLength, start->loc, loc))
                checks.push_back(std::move(c));
            first = array::makeIntConstant(wrapInt(s, t), t, false, loc);
            delta =
                array::makeIntConstant(wrapInt(wrapInt(sum, t) - wrapInt(s, t), t), t, false, loc);
        }
    } else {
        first = array::makeCast(start, t, loc);
        next = array::makeCast(lowering.binary(BinaryOp::Add, start, step, loc), t, loc);
        delta = lowering.binary(BinaryOp::Subtract, next, first, loc);
    }
    NodePtr iota = array::makeIota({length}, 0, loc);
    NodePtr y = affine(lowering, iota, first, delta, t, loc);
    if (isFloat(t)) {
        // first + 1 * delta can round differently from next: select next where it does.
        bool exact = false;
        if (first->kind == NodeKind::Constant && delta->kind == NodeKind::Constant &&
            next->kind == NodeKind::Constant)
            exact = t == DType::Float32 ? static_cast<float>(first->floatValue) +
                                                  static_cast<float>(delta->floatValue) ==
                                              static_cast<float>(next->floatValue)
                                        : first->floatValue + delta->floatValue == next->floatValue;
        if (!exact)
            y = array::makeWhere(
                lowering.binary(BinaryOp::Equal, iota,
                                array::makeIntConstant(1, DType::Int64, false, loc), loc),
                array::makeBroadcast(next, y->type.shape, loc), y, loc);
        // An infinite step makes delta inf (0 * inf is NaN): element 0 is `first` itself.
        bool finite = delta->kind == NodeKind::Constant && std::isfinite(delta->floatValue);
        if (!finite)
            y = array::makeWhere(
                lowering.binary(BinaryOp::Equal, iota,
                                array::makeIntConstant(0, DType::Int64, false, loc), loc),
                array::makeBroadcast(first, y->type.shape, loc), y, loc);
    }
    if (!checks.empty())
        y = array::withChecks(y, std::move(checks));
    return Value::array(array::withName(y, "arange"), loc);
}

/// numpy.linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0)
/// with NumPy 2.x's formula: y = i * step + start with step = (stop - start) / div in the
/// float type of start and stop (i / div * delta where step underflows to 0), the last
/// element exactly stop when endpoint, then floor for integer dtypes.
Value linspace(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"start", true},
                         {"stop", true},
                         {"num", false},
                         {"endpoint", false},
                         {"retstep", false},
                         {"dtype", false},
                         {"axis", false}});
    SourceLoc loc = args.loc;
    NodePtr start = requireScalar(b[0], args, "start");
    NodePtr stop = requireScalar(b[1], args, "stop");
    bool endpoint = boolFlag(b[3], true, args, "endpoint");
    if (boolFlag(b[4], false, args, "retstep"))
        throw UserError(b[4]->loc, "np.linspace(): retstep=True is not supported by npc");
    if (b[6] && !(constantInt(*b[6]) && *constantInt(*b[6]) == 0))
        throw UserError(b[6]->loc, "np.linspace(): npc supports axis=0 only");
    Dim num = dimConst(50);
    if (b[2]) {
        // NumPy's message shows the value: the literal's, or the run time's.
        bool literal = b[2]->kind == Value::Array && b[2]->node->kind == NodeKind::Constant;
        std::string shown =
            literal ? array::valueText(b[2]->node) : std::string(array::kShownExtent);
        num = extentArgument(*b[2], args, "num",
                             fmt::format("Number of samples, {}, must be non-negative.", shown));
    }
    // result_type(start, stop) made inexact; Python numbers give the default float.
    PromotionType p =
        promote({start->type.dtype, start->type.weak}, {stop->type.dtype, stop->type.weak});
    DType dt = p.weak ? defaultFloatDType() : isFloat(p.dtype) ? p.dtype : DType::Float64;
    std::optional<DType> dtype = dtypeArgument(b[5], args);
    if (dtype && isComplex(*dtype))
        throw UserError(b[5]->loc, "np.linspace(): a complex dtype is not supported by npc");

    Shape shape{num};
    NodePtr iota = array::makeIota(shape, 0, loc);
    NodePtr fi = array::makeCast(iota, dt, loc);
    NodePtr s = lowering.castTo(start, dt, loc), e = lowering.castTo(stop, dt, loc);
    bool constantEnds = s->kind == NodeKind::Constant && e->kind == NodeKind::Constant;
    // Rounded to dt as NumPy's np.subtract(stop, start, dtype=dt) does.
    auto inDt = [&](double v) { return dt == DType::Float32 ? static_cast<float>(v) : v; };
    NodePtr delta = constantEnds
                        ? array::makeFloatConstant(inDt(inDt(e->floatValue) - inDt(s->floatValue)),
                                                   dt, false, loc)
                        : lowering.binary(BinaryOp::Subtract, e, s, loc);
    auto times = [&](NodePtr a, NodePtr c) {
        return lowering.binary(BinaryOp::Multiply, a, c, loc);
    };

    std::optional<int64_t> numC = dimConstValue(num);
    NodePtr divInt =
        numC ? array::makeIntConstant(endpoint ? *numC - 1 : *numC, DType::Int64, false, loc)
             : lowering.binary(BinaryOp::Subtract, array::makeDimValue(num, loc),
                               array::makeIntConstant(endpoint ? 1 : 0, DType::Int64, false, loc),
                               loc);
    NodePtr y;
    if (numC && divInt->intValue <= 0) {
        y = times(fi, delta); // 0 or 1 elements: the step is undefined
    } else {
        NodePtr div =
            numC ? array::makeFloatConstant(static_cast<double>(divInt->intValue), dt, false, loc)
                 : array::makeCast(divInt, dt, loc);
        NodePtr stepValue = lowering.binary(BinaryOp::TrueDivide, delta, div, loc);
        NodePtr viaDelta = times(lowering.binary(BinaryOp::TrueDivide, fi, div, loc), delta);
        if (constantEnds && numC) {
            // Decide NumPy's `step == 0` test now, in dt's precision.
            double stepC = dt == DType::Float32
                               ? static_cast<double>(static_cast<float>(delta->floatValue) /
                                                     static_cast<float>(divInt->intValue))
                               : delta->floatValue / static_cast<double>(divInt->intValue);
            y = stepC == 0 ? viaDelta : times(fi, array::makeFloatConstant(stepC, dt, false, loc));
        } else {
            NodePtr zero = array::makeFloatConstant(0, dt, false, loc);
            NodePtr underflow = lowering.binary(BinaryOp::Equal, stepValue, zero, loc);
            y = array::makeWhere(array::makeBroadcast(underflow, shape, loc), viaDelta,
                                 times(fi, stepValue), loc);
        }
        if (!numC) {
            NodePtr positive =
                lowering.binary(BinaryOp::Greater, divInt,
                                array::makeIntConstant(0, DType::Int64, false, loc), loc);
            y = array::makeWhere(array::makeBroadcast(positive, shape, loc), y, times(fi, delta),
                                 loc);
        }
    }
    y = lowering.binary(BinaryOp::Add, y, s, loc);
    if (endpoint && (!numC || *numC > 1)) {
        NodePtr last = numC ? array::makeIntConstant(*numC - 1, DType::Int64, false, loc) : divInt;
        NodePtr isLast = lowering.binary(BinaryOp::Equal, iota, last, loc);
        if (!numC) // num == 1 with endpoint: the only element is start
            isLast = lowering.binary(
                BinaryOp::LogicalAnd, isLast,
                lowering.binary(BinaryOp::Greater, iota,
                                array::makeIntConstant(0, DType::Int64, false, loc), loc),
                loc);
        y = array::makeWhere(isLast, array::makeBroadcast(e, shape, loc), y, loc);
    }
    if (dtype && isInteger(*dtype))
        y = lowering.unary(array::UnaryOp::Floor, y, loc);
    if (dtype)
        y = array::makeCast(y, *dtype, loc);
    return Value::array(array::withName(y, "linspace"), loc);
}

/// numpy.eye(N, M=None, k=0, dtype=float, order='C'): ones where column - row == k.
Value eye(ExprLowering &lowering, const CallArgs &args) {
    auto b =
        bind(args, {{"N", true}, {"M", false}, {"k", false}, {"dtype", false}, {"order", false}});
    SourceLoc loc = args.loc;
    Dim rows = extentArgument(*b[0], args, "N");
    Dim cols = b[1] && b[1]->kind != Value::None ? extentArgument(*b[1], args, "M") : rows;
    NodePtr k =
        b[2] ? requireScalar(b[2], args, "k") : array::makeIntConstant(0, DType::Int64, true, loc);
    if (!isInteger(k->type.dtype))
        throw UserError(b[2]->loc, "np.eye(): k must be an integer");
    DType t = dtypeArgument(b[3], args).value_or(defaultFloatDType());
    checkOrder(b[4], args);
    Shape shape{rows, cols};
    NodePtr i = array::makeIota(shape, 0, loc), j = array::makeIota(shape, 1, loc);
    NodePtr diagonal =
        k->kind == NodeKind::Constant && k->intValue == 0
            ? lowering.binary(BinaryOp::Equal, i, j, loc)
            : lowering.binary(BinaryOp::Equal, lowering.binary(BinaryOp::Subtract, j, i, loc), k,
                              loc);
    return Value::array(array::withName(array::makeCast(diagonal, t, loc), "eye"), loc);
}

/// numpy.identity(n, dtype=None): np.eye(n).
Value identity(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"n", true}, {"dtype", false}});
    CallArgs eyeArgs = args;
    eyeArgs.positional = {*b[0]};
    eyeArgs.keywords.clear();
    eyeArgs.keywordLocs.clear();
    if (b[1]) {
        eyeArgs.keywords.emplace_back("dtype", *b[1]);
        eyeArgs.keywordLocs.push_back(b[1]->loc);
    }
    return eye(lowering, eyeArgs);
}

/// The dtype NumPy discovers for a nested sequence: the promotion of its elements' dtypes,
/// Python numbers counting as int64 / float64 / bool (an empty sequence is float64).
std::optional<DType> sequenceDType(const Value &v, const CallArgs &args) {
    if (v.kind == Value::Array)
        return v.node->type.weak ? constructorDType(v.node) : v.node->type.dtype;
    if (v.kind != Value::Tuple)
        throw UserError(v.loc, fmt::format("{}(): npc supports lists and tuples of numbers and "
                                           "arrays here",
                                           args.function));
    std::optional<DType> t;
    for (const Value &e : v.elements)
        if (auto et = sequenceDType(e, args))
            t = t ? promoteDTypes(*t, *et) : *et;
    return t;
}

/// A nested sequence as one array of dtype `t`: element k along the new first axis is
/// selected by a where-chain on the Iota of that axis (free once fused; a literal of n
/// elements costs n - 1 selects per element).
/// `outer`: the lengths of the sequences `v` is in (for NumPy's message).
NodePtr stackSequence(ExprLowering &lowering, const Value &v, DType t, const CallArgs &args,
                      std::vector<size_t> outer) {
    if (v.kind == Value::Array) {
        requireNotPythonComplex(v.node, t, args.loc);
        requireConvertible(v.node, t, args.loc);
        return lowering.pythonNumberTo(v.node, t, v.loc);
    }
    // Each element selects among the items of every level: long literals make slow code.
    constexpr size_t maxItems = 1024;
    if (v.elements.size() > maxItems)
        throw UserError(v.loc, fmt::format("{}(): this list has {} items; npc builds literals "
                                           "of up to {} items per level, element by element "
                                           "(pass larger data to the function as an argument)",
                                           args.function, v.elements.size(), maxItems));
    std::vector<NodePtr> items;
    outer.push_back(v.elements.size());
    for (const Value &e : v.elements)
        items.push_back(stackSequence(lowering, e, t, args, outer));
    if (items.empty())
        return array::makeBroadcast(scalarConstant(0, t, v.loc), {dimConst(0)}, v.loc);
    // Extents only the run time knows are checked then (`np.array([a, b[:n]])`).
    std::vector<array::ExtentCheck> checks;
    for (const NodePtr &item : items) {
        const Shape &first = items[0]->type.shape, &shape = item->type.shape;
        // NumPy's message names the shape found before the items differ: the lengths of
        // the sequences, then the first `axes` extents the items share.
        auto message = [&](size_t axes, std::vector<Dim> *shown) {
            std::vector<std::string> found;
            for (size_t n : outer)
                found.push_back(std::to_string(n));
            for (size_t a = 0; a < axes; ++a)
                found.push_back(array::showExtent(first[a], shown));
            return fmt::format("setting an array element with a sequence. The requested array "
                               "has an inhomogeneous shape after {} dimensions. The detected "
                               "shape was ({}{}) + inhomogeneous part.",
                               found.size(), fmt::join(found, ", "), found.size() == 1 ? "," : "");
        };
        size_t same = 0;
        while (same < std::min(shape.size(), first.size()) && dimEqual(shape[same], first[same]))
            ++same;
        if (shape.size() != first.size())
            throw UserError(v.loc, message(same, nullptr));
        for (size_t a = 0; a < shape.size(); ++a) {
            if (dimEqual(shape[a], first[a]))
                continue;
            if (dimConstValue(shape[a]) && dimConstValue(first[a]))
                throw UserError(v.loc, message(a, nullptr));
            checks.push_back(shownCheck(shape[a], first[a], false, [&](std::vector<Dim> *shown) {
                return message(a, shown);
            }));
        }
    }
    Shape shape{dimConst(static_cast<int64_t>(items.size()))};
    shape.insert(shape.end(), items[0]->type.shape.begin(), items[0]->type.shape.end());
    NodePtr result = array::makeBroadcast(items.back(), shape, v.loc);
    if (items.size() == 1)
        return result;
    NodePtr iota = array::makeIota(shape, 0, v.loc);
    for (size_t k = items.size() - 1; k-- > 0;) {
        NodePtr index = array::makeIntConstant(static_cast<int64_t>(k), DType::Int64, false, v.loc);
        NodePtr selected = lowering.binary(BinaryOp::Equal, iota, index, v.loc);
        result =
            array::makeWhere(selected, array::makeBroadcast(items[k], shape, v.loc), result, v.loc);
    }
    return checks.empty() ? result : array::withChecks(result, std::move(checks));
}

/// numpy.array / numpy.asarray of a nested literal sequence, or of an array (a copy for
/// np.array unless copy=False; a conversion only when the dtype differs for asarray).
Value arrayFrom(ExprLowering &lowering, const CallArgs &args, const Value &object,
                std::optional<DType> dtype, bool copy) {
    if (object.kind == Value::Tuple) {
        DType t = dtype ? *dtype : sequenceDType(object, args).value_or(defaultFloatDType());
        return Value::array(stackSequence(lowering, object, t, args, {}), args.loc);
    }
    if (object.kind != Value::Array)
        throw UserError(object.loc, fmt::format("{}(): npc supports arrays, numbers and nested "
                                                "lists or tuples of them",
                                                args.function));
    NodePtr x = object.node;
    DType t = dtype ? *dtype : x->type.weak ? constructorDType(x) : x->type.dtype;
    if (t == x->type.dtype && !x->type.weak)
        return Value::array(copy ? array::makeCopy(x, args.loc) : x, args.loc);
    requireNotPythonComplex(x, t, args.loc);
    requireConvertible(x, t, args.loc);
    return Value::array(lowering.pythonNumberTo(x, t, args.loc), args.loc);
}

/// numpy.array(object, dtype=None, *, copy=True, order='K', subok=False, ndmin=0).
Value arrayFunction(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"object", true},
                         {"dtype", false},
                         {"copy", false},
                         {"order", false},
                         {"subok", false},
                         {"ndmin", false}});
    checkOrder(b[3], args);
    if (b[5] && !(constantInt(*b[5]) && *constantInt(*b[5]) == 0))
        throw UserError(b[5]->loc, "np.array(): npc does not support ndmin");
    // copy=None copies only where needed (NumPy 2), as np.asarray does.
    bool copy = !b[2] || (b[2]->kind != Value::None && boolFlag(b[2], true, args, "copy"));
    return arrayFrom(lowering, args, *b[0], dtypeArgument(b[1], args), copy);
}

/// numpy.asarray(a, dtype=None, order=None): no copy of an array of that dtype.
Value asarray(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"dtype", false}, {"order", false}});
    checkOrder(b[2], args);
    return arrayFrom(lowering, args, *b[0], dtypeArgument(b[1], args), false);
}

/// numpy.copy(a, order='K') and ndarray.copy(order='C').
Value copy(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"order", false}});
    checkOrder(b[1], args);
    return arrayFrom(lowering, args, *b[0], std::nullopt, true);
}

/// ndarray.astype(dtype, order='K', casting='unsafe', subok=True, copy=True): a new array
/// even of the same dtype unless copy=False.
Value astype(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"a", true},
                         {"dtype", true},
                         {"order", false},
                         {"casting", false},
                         {"subok", false},
                         {"copy", false}});
    NodePtr x = requireArray(b[0], args, "a");
    checkOrder(b[2], args);
    if (b[3] && !(b[3]->kind == Value::String && b[3]->text == "unsafe"))
        throw UserError(b[3]->loc, "ndarray.astype(): npc supports casting='unsafe' only");
    DType t = dtypeArgument(b[1], args).value_or(DType::Float64);
    bool copy = boolFlag(b[5], true, args, "copy");
    if (t == x->type.dtype && !x->type.weak)
        return Value::array(copy ? array::makeCopy(x, args.loc) : x, args.loc);
    return Value::array(array::makeCast(x, t, args.loc), args.loc);
}

/// Calling a NumPy scalar type: np.float32(x), np.int8(300) (OverflowError, as NumPy 2),
/// np.float64() (zero); of an array or a list, an array of that dtype.
Handler scalarType(DType t) {
    return [t](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"value", false}});
        if (!b[0])
            return Value::array(scalarConstant(0, t, args.loc), args.loc);
        return arrayFrom(lowering, args, *b[0], t, false);
    };
}

} // namespace

bool boolFlag(const std::optional<Value> &v, bool absent, const CallArgs &args, const char *what) {
    if (!v)
        return absent;
    if (v->kind == Value::Array && v->node->kind == NodeKind::Constant &&
        isBool(v->node->type.dtype))
        return v->node->intValue != 0;
    throw UserError(v->loc, fmt::format("{}(): {} must be True or False", args.function, what));
}

DType defaultFloatDType() {
    return gOptions.defaultFloat;
}

const LowerOptions &activeLowerOptions() {
    return gOptions;
}

DType constructorDType(const NodePtr &scalar) {
    if (!scalar->type.weak)
        return scalar->type.dtype;
    if (isFloat(scalar->type.dtype))
        return defaultFloatDType();
    if (isComplex(scalar->type.dtype))
        return DType::Complex128;
    return isBool(scalar->type.dtype) ? DType::Bool : DType::Int64;
}

Dim extentArgument(const Value &v, const CallArgs &args, const char *what,
                   const std::string &negativeMessage) {
    if (v.kind != Value::Array || v.node->type.rank() != 0 || !isInteger(v.node->type.dtype))
        throw UserError(
            v.loc, fmt::format("{}(): '{}' must be an integer{}", args.function, what,
                               std::string_view(what) == "shape" ? " or a tuple of integers" : ""));
    const NodePtr &n = v.node;
    if (n->kind == NodeKind::Constant) {
        if (n->intValue < 0)
            throw UserError(v.loc, negativeMessage);
        return dimConst(n->intValue);
    }
    if (n->kind == NodeKind::DimValue)
        return n->dim;
    requireSizeExpression(n, v.loc, args);
    NodePtr value = n->type.dtype == DType::Int64 ? n : array::makeCast(n, DType::Int64, v.loc);
    return dimNonNegative(dimValue(value, array::valueText(n)), negativeMessage);
}

const std::map<std::string, Handler> &creationFunctions() {
    static const std::map<std::string, Handler> table = [] {
        std::map<std::string, Handler> t = {
            {"numpy.zeros", constantFill(0)},
            {"numpy.ones", constantFill(1)},
            {"numpy.empty", constantFill(0)},
            {"numpy.full", full},
            {"numpy.zeros_like", likeFill(0)},
            {"numpy.ones_like", likeFill(1)},
            {"numpy.empty_like", likeFill(0)},
            {"numpy.full_like", likeFill(std::nullopt)},
            {"numpy.arange", arange},
            {"numpy.linspace", linspace},
            {"numpy.eye", eye},
            {"numpy.identity", identity},
            {"numpy.array", arrayFunction},
            {"numpy.asarray", asarray},
            {"numpy.copy", copy},
            {"ndarray.copy", copy},
            {"ndarray.astype", astype},
        };
        // np.float32(x), np.int8(x), np.bool_(x), ...: conversions to NumPy scalars.
        for (int i = 0; i < kNumDTypes; ++i) {
            auto d = static_cast<DType>(i);
            t["numpy." + std::string(dtypeName(d))] = scalarType(d);
        }
        t["numpy.bool_"] = scalarType(DType::Bool);
        return t;
    }();
    return table;
}

} // namespace lowering

std::vector<array::Function> lowerModule(const SourceFile &file, const syntax::Module &module,
                                         const std::vector<Signature> &signatures,
                                         const LowerOptions &options) {
    // The options are read where creation functions and ufuncs are lowered, far below
    // this call; they are in effect for this call only.
    struct Scope {
        LowerOptions saved = lowering::gOptions;
        ~Scope() { lowering::gOptions = saved; }
    } scope;
    lowering::gOptions = options;
    return lowerModule(file, module, signatures);
}

} // namespace npc
