// NumPy functions that NumPy itself writes in terms of others (numpy/lib and
// numpy/_core/numeric.py), built here from the same views and ufuncs: np.diff, np.roll,
// np.flip, np.flipud, np.fliplr, np.outer, np.count_nonzero, np.isclose, np.allclose,
// np.deg2rad, np.rad2deg (np.radians, np.degrees), np.triu, np.tril, np.logaddexp,
// np.logaddexp2, np.heaviside, np.ptp, np.average, np.trapezoid, and the ndarray methods
// clip, round and item.
#include "frontend/LowerContext.h"

#include "ir/Promotion.h"

#include <algorithm>
#include <fmt/format.h>
#include <limits>
#include <numbers>
#include <numeric>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::UnaryOp;

/// One axis (an int literal, negative from the end) of an array of `rank`; `fallback`
/// where the argument is absent or None (nullopt: every axis is meant).
std::optional<int> oneAxis(const std::optional<Value> &v, int rank, const CallArgs &args,
                           std::optional<int> fallback) {
    if (!v || v->kind == Value::None)
        return fallback;
    if (v->kind == Value::Tuple)
        throw UserError(v->loc, fmt::format("{}(): npc takes one axis here (an int literal)",
                                            args.function));
    return normalizeAxes(v, rank, args).at(0);
}

/// A strong NumPy value of a result (NumPy's functions return NumPy scalars, not Python's).
NodePtr strong(const NodePtr &v, SourceLoc loc) {
    return v->type.weak ? array::makeCast(v, v->type.dtype, false, loc) : v;
}

/// numpy.diff(a, n=1, axis=-1): `a[1:] - a[:-1]` along the axis, n times (`!=` for bool,
/// as NumPy does); n=0 gives `a`. prepend/append are not supported.
Value diff(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"n", false}, {"axis", false}, {"prepend", false},
                         {"append", false}});
    NodePtr x = requireArray(b[0], args, "a");
    for (size_t i : {3, 4})
        if (b[i])
            throw UserError(b[i]->loc, "np.diff(): prepend and append are not supported by npc "
                                       "yet; np.concatenate them with the array first");
    int64_t n = 1;
    if (b[1]) {
        std::optional<int64_t> given = constantInt(*b[1]);
        if (!given)
            throw UserError(b[1]->loc, "np.diff(): npc needs n as an int literal");
        if (*given < 0)
            throw UserError(b[1]->loc, fmt::format("order must be non-negative but got {}",
                                                   *given));
        n = *given;
    }
    if (n == 0)
        return Value::array(x, args.loc);
    if (x->type.rank() == 0)
        throw UserError(args.loc, "diff requires input that is at least one dimensional");
    int axis = *oneAxis(b[2], x->type.rank(), args, x->type.rank() - 1);
    BinaryOp op = isBool(x->type.dtype) ? BinaryOp::NotEqual : BinaryOp::Subtract;
    for (int64_t i = 0; i < n; ++i)
        x = lowering.binary(op, sliceAlong(x, axis, 1, std::nullopt, 1, args.loc),
                            sliceAlong(x, axis, std::nullopt, -1, 1, args.loc), args.loc);
    return Value::array(array::withName(x, "diff"), args.loc);
}

/// numpy.roll(a, shift, axis=None): along one axis, `np.concatenate((a[k:], a[:k]))` with
/// `k = n - shift % n` (0 for an empty axis); without an axis the flattened array, rolled
/// and reshaped back. `shift` is an int (a literal or a run-time int).
Value roll(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"shift", true}, {"axis", false}});
    NodePtr x = requireArray(b[0], args, "a");
    NodePtr shift = b[1]->kind == Value::Array ? b[1]->node : nullptr;
    if (!shift || shift->type.rank() != 0 || !isInteger(shift->type.dtype))
        throw UserError(b[1]->loc, "np.roll(): npc needs an int shift (one axis at a time)");
    std::optional<int> axis = oneAxis(b[2], x->type.rank(), args, std::nullopt);
    NodePtr rolled = axis ? x : callNumPy(lowering, "numpy.ravel",
                                          CallArgs{"np.ravel", args.loc, {*b[0]}, {}, {}})
                                    .node;
    int along = axis.value_or(0);
    if (rolled->type.rank() == 0)
        return Value::array(x, args.loc);
    const Dim &n = rolled->type.shape[static_cast<size_t>(along)];
    NodePtr k;
    auto constantN = dimConstValue(n);
    auto constantShift = constantInt(*b[1]);
    if (constantN && constantShift) {
        int64_t size = std::max<int64_t>(*constantN, 1);
        int64_t s = ((*constantShift % size) + size) % size;
        k = array::makeIntConstant(*constantN - (*constantN ? s : 0), DType::Int64, false,
                                   args.loc);
    } else {
        // NumPy's integer remainder: Python's sign rule, and 0 for an empty axis.
        NodePtr extent = array::makeCast(array::makeDimValue(n, args.loc), DType::Int64, false,
                                         args.loc);
        NodePtr s = lowering.binary(BinaryOp::Remainder,
                                    array::makeCast(shift, DType::Int64, false, args.loc),
                                    extent, args.loc);
        k = lowering.materialized(lowering.binary(BinaryOp::Subtract, extent, s, args.loc),
                                  args.loc);
    }
    std::vector<NodePtr> parts = {
        sliceAlong(rolled, along, std::nullopt, std::nullopt, 1, args.loc, k),
        sliceAlong(rolled, along, std::nullopt, std::nullopt, 1, args.loc, nullptr, k)};
    CallArgs join{"np.concatenate", args.loc, {arrayTuple(std::move(parts), args.loc)}, {}, {}};
    join.keywords.emplace_back(
        "axis", Value::array(array::makeIntConstant(along, DType::Int64, true, args.loc),
                             args.loc));
    join.keywordLocs.push_back(args.loc);
    rolled = callNumPy(lowering, "numpy.concatenate", join).node;
    if (!axis)
        rolled = array::makeReshape(rolled, x->type.shape, {}, args.loc);
    return Value::array(array::withName(rolled, "roll"), args.loc);
}

/// numpy.flip(m, axis=None) (every axis, or one): a view with step -1 there;
/// numpy.flipud is axis 0 and numpy.fliplr axis 1, as NumPy defines them.
Value flipAxes(const NodePtr &m, std::optional<int> axis, SourceLoc loc) {
    NodePtr out = m;
    for (int a = 0; a < m->type.rank(); ++a)
        if (!axis || *axis == a)
            out = sliceAlong(out, a, std::nullopt, std::nullopt, -1, loc);
    return Value::array(out, loc);
}

Value flip(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"m", true}, {"axis", false}});
    NodePtr m = requireArray(b[0], args, "m");
    return flipAxes(m, oneAxis(b[1], m->type.rank(), args, std::nullopt), args.loc);
}

Handler flipOne(int axis) {
    return [axis](ExprLowering &, const CallArgs &args) {
        auto b = bind(args, {{"m", true}});
        NodePtr m = requireArray(b[0], args, "m");
        if (m->type.rank() <= axis)
            throw UserError(args.loc, axis == 0 ? "Input must be >= 1-d." : "Input must be >= 2-d.");
        return flipAxes(m, axis, args.loc);
    };
}

/// numpy.outer(a, b): `multiply(a.ravel()[:, None], b.ravel()[None, :])`.
Value outer(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"b", true}});
    std::vector<NodePtr> flat;
    for (size_t i : {0, 1}) {
        requireArray(b[i], args, i == 0 ? "a" : "b");
        NodePtr v = callNumPy(lowering, "numpy.ravel", CallArgs{"np.ravel", args.loc, {*b[i]}, {}, {}})
                        .node;
        std::vector<array::ViewEntry> entries = {array::ViewEntry::all()};
        entries.insert(i == 0 ? entries.end() : entries.begin(), array::ViewEntry::newAxis());
        flat.push_back(array::makeView(v, std::move(entries), args.loc));
    }
    return Value::array(
        array::withName(lowering.binary(BinaryOp::Multiply, flat[0], flat[1], args.loc), "outer"),
        args.loc);
}

/// numpy.count_nonzero(a, axis=None, keepdims=False): the sum of `a != 0` (int64); a
/// Python int for the whole array, as NumPy 2 returns.
Value countNonzero(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"axis", false}, {"keepdims", false}});
    NodePtr nonzero = array::makeCast(requireArray(b[0], args, "a"), DType::Bool, args.loc);
    CallArgs sum{args.function, args.loc, {Value::array(nonzero, args.loc)}, {}, {}};
    for (size_t i : {1, 2})
        if (b[i]) {
            sum.keywords.emplace_back(i == 1 ? "axis" : "keepdims", *b[i]);
            sum.keywordLocs.push_back(b[i]->loc);
        }
    NodePtr count = callNumPy(lowering, "numpy.sum", sum).node;
    bool whole = (!b[1] || b[1]->kind == Value::None) && !keepdimsFlag(b[2], args);
    return Value::array(whole ? asPythonScalar(count) : count, args.loc);
}

/// numpy.isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False) as NumPy 2 computes it:
/// `b` made inexact (result_type(b, 1.0)), then `(abs(a - b) <= atol + rtol * abs(b)) &
/// isfinite(b) | (a == b)`, and `| isnan(a) & isnan(b)` with equal_nan.
NodePtr isclose(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"b", true}, {"rtol", false}, {"atol", false},
                         {"equal_nan", false}});
    NodePtr x = requireArray(b[0], args, "a");
    NodePtr y = requireArray(b[1], args, "b");
    SourceLoc loc = args.loc;
    if (isComplex(x->type.dtype) || isComplex(y->type.dtype))
        throw UserError(loc, fmt::format("{}() of complex numbers is not supported by npc yet",
                                         args.function));
    DType inexact = promote({y->type.dtype, y->type.weak}, {DType::Float64, true}).dtype;
    y = y->type.weak ? array::makeCast(y, inexact, true, loc) : lowering.castTo(y, inexact, loc);
    auto tolerance = [&](size_t i, double fallback, const char *name) {
        return b[i] ? requireArray(b[i], args, name)
                    : array::makeFloatConstant(fallback, DType::Float64, true, loc);
    };
    NodePtr rtol = tolerance(2, 1e-05, "rtol"), atol = tolerance(3, 1e-08, "atol");
    NodePtr difference = lowering.unary(UnaryOp::Absolute,
                                        lowering.binary(BinaryOp::Subtract, x, y, loc), loc);
    NodePtr bound = lowering.binary(
        BinaryOp::Add, atol,
        lowering.binary(BinaryOp::Multiply, rtol, lowering.unary(UnaryOp::Absolute, y, loc), loc),
        loc);
    NodePtr close = lowering.binary(
        BinaryOp::BitwiseOr,
        lowering.binary(BinaryOp::BitwiseAnd,
                        lowering.binary(BinaryOp::LessEqual, difference, bound, loc),
                        lowering.unary(UnaryOp::IsFinite, y, loc), loc),
        lowering.binary(BinaryOp::Equal, x, y, loc), loc);
    if (b[4] && !boolLiteral(*b[4]))
        throw UserError(b[4]->loc, fmt::format("{}(): equal_nan must be True or False",
                                               args.function));
    if (b[4] && *boolLiteral(*b[4]))
        close = lowering.binary(BinaryOp::BitwiseOr, close,
                                lowering.binary(BinaryOp::BitwiseAnd,
                                                lowering.unary(UnaryOp::IsNan, x, loc),
                                                lowering.unary(UnaryOp::IsNan, y, loc), loc),
                                loc);
    return strong(close, loc);
}

Value iscloseValue(ExprLowering &lowering, const CallArgs &args) {
    return Value::array(array::withName(isclose(lowering, args), "isclose"), args.loc);
}

/// numpy.allclose: `bool(np.all(np.isclose(...)))`, a Python bool.
Value allclose(ExprLowering &lowering, const CallArgs &args) {
    NodePtr close = isclose(lowering, args);
    NodePtr all =
        callNumPy(lowering, "numpy.all", CallArgs{"np.all", args.loc, {Value::array(close, args.loc)}, {}, {}})
            .node;
    return Value::array(asPythonBool(all), args.loc);
}

/// numpy.deg2rad / numpy.rad2deg: `x * (pi / 180)` and `x * (180 / pi)` with the factor
/// computed in the loop's dtype, as NumPy's loops do (float32: `(float)pi / 180.0f`).
Handler angleConversion(bool toRadians) {
    return [toRadians](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"x", true}});
        NodePtr x = requireArray(b[0], args, "x");
        std::string name = toRadians ? "deg2rad" : "rad2deg";
        if (isComplex(x->type.dtype))
            throw UserError(args.loc, fmt::format("ufunc '{}' not supported for the input types",
                                                  name));
        DType dtype = floatLoop(x->type.dtype, name, args.loc);
        double factor;
        if (dtype == DType::Float32) {
            float pi = std::numbers::pi_v<float>;
            factor = toRadians ? pi / 180.0f : 180.0f / pi;
        } else {
            factor = toRadians ? std::numbers::pi / 180.0 : 180.0 / std::numbers::pi;
        }
        NodePtr v = array::makeCast(x, dtype, false, args.loc);
        return Value::array(
            lowering.binary(BinaryOp::Multiply, v,
                            array::makeFloatConstant(factor, dtype, false, args.loc), args.loc),
            args.loc);
    };
}

/// ndarray.clip(min=None, max=None): numpy.clip with either side open (NumPy 2's method
/// takes one bound alone).
Value ndarrayClip(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"min", false}, {"max", false}});
    if (!b[1] && !b[2])
        throw UserError(args.loc, "One of max or min must be given");
    Value none;
    none.kind = Value::None;
    none.loc = args.loc;
    CallArgs clip{args.function, args.loc, {*b[0], b[1].value_or(none), b[2].value_or(none)}, {}, {}};
    return callNumPy(lowering, "numpy.clip", clip);
}

/// numpy.triu / numpy.tril (m, k=0): `m` with the elements below (triu) or above (tril)
/// the k-th diagonal of its last two axes set to 0, as NumPy's `where(tri(...), ...)`.
Handler triangle(bool upper) {
    return [upper](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"m", true}, {"k", false}});
        NodePtr m = requireArray(b[0], args, "m");
        int rank = m->type.rank();
        if (rank < 2)
            throw UserError(args.loc, fmt::format("{}(): npc needs an array of 2 or more "
                                                  "dimensions",
                                                  args.function));
        NodePtr k = array::makeIntConstant(0, DType::Int64, true, args.loc);
        if (b[1]) {
            if (b[1]->kind != Value::Array || b[1]->node->type.rank() != 0 ||
                !isInteger(b[1]->node->type.dtype))
                throw UserError(b[1]->loc, fmt::format("{}(): k must be an int", args.function));
            k = b[1]->node;
        }
        Shape plane(m->type.shape.end() - 2, m->type.shape.end());
        NodePtr offset = lowering.binary(BinaryOp::Subtract, array::makeIota(plane, 1, args.loc),
                                         array::makeIota(plane, 0, args.loc), args.loc);
        NodePtr keep = lowering.binary(upper ? BinaryOp::GreaterEqual : BinaryOp::LessEqual, offset,
                                       array::makeCast(k, DType::Int64, false, args.loc), args.loc);
        NodePtr zero = array::makeBroadcast(
            array::makeCast(array::makeIntConstant(0, DType::Int64, false, args.loc), m->type.dtype,
                            false, args.loc),
            m->type.shape, args.loc);
        return Value::array(
            array::withName(array::makeWhere(array::makeBroadcast(keep, m->type.shape, args.loc), m,
                                             zero, args.loc),
                            upper ? "triu" : "tril"),
            args.loc);
    };
}

/// The operands of a float-only binary ufunc NumPy computes with a scalar C function
/// (npy_logaddexp, npy_heaviside): cast to the ufunc's float loop (binaryFloatLoop) and
/// broadcast together.
std::pair<NodePtr, NodePtr> floatOperands(ExprLowering &lowering, const CallArgs &args,
                                          std::string_view ufunc) {
    auto b = bind(args, {{"x1", true}, {"x2", true}});
    NodePtr x = requireArray(b[0], args, "x1"), y = requireArray(b[1], args, "x2");
    if (isComplex(x->type.dtype) || isComplex(y->type.dtype))
        throw UserError(args.loc, fmt::format("ufunc '{}' not supported for complex operands "
                                              "(NumPy has no complex loop)",
                                              ufunc));
    DType t = binaryFloatLoop(x, y, ufunc, args.loc);
    Shape shape = broadcastShapes(x->type.shape, y->type.shape, args.loc);
    return {array::makeBroadcast(lowering.castTo(x, t, args.loc), shape, args.loc),
            array::makeBroadcast(lowering.castTo(y, t, args.loc), shape, args.loc)};
}

/// numpy.logaddexp / numpy.logaddexp2, log(exp(x1) + exp(x2)) in base e or 2, as NumPy's
/// npy_logaddexp computes it: `x1 + log(2)` (base 2: `x1 + 1`) where the operands are
/// equal (infinities of one sign too); else the larger plus `log1p(exp(-|d|))` for the
/// difference `d = x1 - x2` (base 2: `LOG2E * log1p(exp2(-|d|))`); `d` itself, a NaN,
/// where it is neither positive nor not.
Handler logAddExp(bool base2) {
    return [base2](ExprLowering &lowering, const CallArgs &args) {
        std::string name = base2 ? "logaddexp2" : "logaddexp";
        auto [x, y] = floatOperands(lowering, args, name);
        SourceLoc loc = args.loc;
        auto constant = [&](double v) { return filled(v, x->type.dtype, x->type.shape, loc); };
        NodePtr d = lowering.binary(BinaryOp::Subtract, x, y, loc);
        auto larger = [&](const NodePtr &top, const NodePtr &exponent) {
            NodePtr power = lowering.unary(base2 ? UnaryOp::Exp2 : UnaryOp::Exp, exponent, loc);
            NodePtr log = lowering.unary(UnaryOp::Log1p, power, loc);
            if (base2)
                log = lowering.binary(BinaryOp::Multiply, constant(std::numbers::log2e), log, loc);
            return lowering.binary(BinaryOp::Add, top, log, loc);
        };
        NodePtr r = array::makeWhere(lowering.binary(BinaryOp::LessEqual, d, constant(0), loc),
                                     larger(y, d), d, loc);
        r = array::makeWhere(lowering.binary(BinaryOp::Greater, d, constant(0), loc),
                             larger(x, lowering.unary(UnaryOp::Negative, d, loc)), r, loc);
        NodePtr equal =
            lowering.binary(BinaryOp::Add, x, constant(base2 ? 1.0 : std::numbers::ln2), loc);
        r = array::makeWhere(lowering.binary(BinaryOp::Equal, x, y, loc), equal, r, loc);
        return Value::array(array::withName(r, name), loc);
    };
}

/// numpy.heaviside(x1, x2) as npy_heaviside: NaN where x1 is NaN, x2 where x1 is 0, 0
/// where it is negative, 1 where positive.
Value heaviside(ExprLowering &lowering, const CallArgs &args) {
    auto [x, h] = floatOperands(lowering, args, "heaviside");
    SourceLoc loc = args.loc;
    auto constant = [&](double v) { return filled(v, x->type.dtype, x->type.shape, loc); };
    NodePtr r = array::makeWhere(lowering.binary(BinaryOp::Less, x, constant(0), loc), constant(0),
                                 constant(1), loc);
    r = array::makeWhere(lowering.binary(BinaryOp::Equal, x, constant(0), loc), h, r, loc);
    r = array::makeWhere(lowering.unary(UnaryOp::IsNan, x, loc),
                         constant(std::numeric_limits<double>::quiet_NaN()), r, loc);
    return Value::array(array::withName(r, "heaviside"), loc);
}

/// numpy.ptp(a, axis=None, keepdims=False): `max - min` over the axes, subtracted in a's
/// dtype (integers wrap, as NumPy's do; bool is NumPy's TypeError for `-`).
Value ptp(ExprLowering &lowering, const CallArgs &args) {
    std::vector<const char *> names = {"axis", "keepdims"};
    auto b = bindReduction(args, names);
    NodePtr a = requireArray(b[0], args, "a");
    NodePtr hi = callNumPy(lowering, "numpy.max", forwarded(args, a, b, names)).node;
    NodePtr lo = callNumPy(lowering, "numpy.min", forwarded(args, a, b, names)).node;
    return Value::array(
        array::withName(lowering.binary(BinaryOp::Subtract, hi, lo, args.loc), "ptp"), args.loc);
}

/// numpy.average(a, axis=None, weights=None, returned=False, keepdims=False): numpy.mean
/// without weights; with them `sum(a * w) / sum(w)` over the axes in
/// `result_type(a, w)` (float64 at least for integer and bool `a`), and NumPy's
/// ZeroDivisionError where a sum of the weights is 0. `w` has a's shape (checked, at run
/// time where only it knows the extents), or, with `axis`, the extents of those axes.
/// returned=True is not supported.
Value average(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true},
                         {"axis", false},
                         {"weights", false},
                         {"returned", false},
                         {"keepdims", false}});
    NodePtr a = requireArray(b[0], args, "a");
    SourceLoc loc = args.loc;
    if (b[3] && boolLiteral(*b[3]) != false)
        throw UserError(b[3]->loc, "np.average(): returned=True is not supported by npc yet; "
                                   "compute the sum of the weights with np.sum");
    std::vector<const char *> names = {"axis", "keepdims"};
    std::vector<std::optional<Value>> reduced = {b[0], b[1], b[4]};
    if (!b[2] || b[2]->kind == Value::None)
        return callNumPy(lowering, "numpy.mean", forwarded(args, a, reduced, names));
    NodePtr w = requireArray(b[2], args, "weights");
    DType t = promote({a->type.dtype, false}, {w->type.dtype, false}).dtype;
    if (!isInexact(a->type.dtype))
        t = promote({t, false}, {DType::Float64, false}).dtype;
    const Shape &shape = a->type.shape;
    std::vector<array::ExtentCheck> checks;
    auto mustEqual = [&](const Dim &given, const Dim &expected, const std::string &message,
                         const char *exception) {
        if (dimEqual(given, expected))
            return;
        auto g = dimConstValue(given), e = dimConstValue(expected);
        if (g && e)
            throw UserError(b[2]->loc, message);
        checks.push_back({given, expected, false, message, exception});
    };
    bool sameRank = w->type.rank() == a->type.rank();
    if (!b[1] || b[1]->kind == Value::None) {
        const std::string message = "Axis must be specified when shapes of a and weights differ.";
        if (!sameRank)
            throw UserError(b[2]->loc, message);
        for (size_t i = 0; i < shape.size(); ++i)
            mustEqual(w->type.shape[i], shape[i], message, "TypeError");
    } else {
        std::vector<int> axes = normalizeAxes(b[1], a->type.rank(), args);
        const std::string message =
            "Shape of weights must be consistent with shape of a along specified axis.";
        if (sameRank && (axes.size() != shape.size() || shape.empty())) {
            for (size_t i = 0; i < shape.size(); ++i)
                mustEqual(w->type.shape[i], shape[i], message, "ValueError");
        } else {
            // NumPy: `w` has the extents of `axis` (in the order given); transposed into
            // increasing order and given extent 1 on a's other axes.
            if (w->type.rank() != static_cast<int>(axes.size()))
                throw UserError(b[2]->loc, message);
            for (size_t i = 0; i < axes.size(); ++i)
                mustEqual(w->type.shape[i], shape[static_cast<size_t>(axes[i])], message,
                          "ValueError");
            std::vector<int> order(axes.size());
            std::iota(order.begin(), order.end(), 0);
            std::sort(order.begin(), order.end(), [&](int i, int j) { return axes[i] < axes[j]; });
            NodePtr sorted = array::makeTranspose(w, order, loc);
            Shape spread(shape.size(), dimConst(1));
            for (int axis : axes)
                spread[static_cast<size_t>(axis)] = shape[static_cast<size_t>(axis)];
            w = array::makeReshape(sorted, spread, {}, loc);
        }
    }
    NodePtr weights = lowering.castTo(w, t, loc);
    NodePtr product = lowering.binary(BinaryOp::Multiply, lowering.castTo(a, t, loc), weights, loc);
    NodePtr total = callNumPy(lowering, "numpy.sum", forwarded(args, product, reduced, names)).node;
    NodePtr scale = callNumPy(lowering, "numpy.sum", forwarded(args, weights, reduced, names)).node;
    if (!checks.empty()) // before the sum of the weights is tested for 0
        scale = array::withChecks(scale, std::move(checks));
    NodePtr zero = lowering.binary(BinaryOp::Equal, scale,
                                   array::makeIntConstant(0, DType::Int64, true, loc), loc);
    NodePtr anyZero = lowering.materialized(
        callNumPy(lowering, "numpy.any", CallArgs{"np.any", loc, {Value::array(zero, loc)}, {}, {}})
            .node,
        loc);
    const char *message = "Weights sum to zero, can't be normalized";
    scale = array::withChecks(
        scale,
        {array::ExtentCheck{dimValue(array::makeCast(anyZero, DType::Int64, false, loc), message),
                            dimConst(0), false, message, "ZeroDivisionError"}});
    return Value::array(
        array::withName(lowering.binary(BinaryOp::TrueDivide, total, scale, loc), "average"), loc);
}

/// numpy.trapezoid(y, x=None, dx=1.0, axis=-1): `(d * (y[1:] + y[:-1]) / 2.0).sum(axis)`
/// along `axis`, with d = dx, np.diff(x) along the axis for a 1-D x, or np.diff(x, axis=axis).
/// IndexError (NumPy's list index messages) for an axis outside y's or None.
Value trapezoid(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"y", true}, {"x", false}, {"dx", false}, {"axis", false}});
    NodePtr y = asArray(lowering, *b[0], args, "y");
    int rank = y->type.rank();
    if (rank == 0)
        throw UserError(b[0]->loc, "too many indices for array: array is 0-dimensional, but 1 "
                                   "were indexed");
    // NumPy indexes y's slices with `axis` as given, and passes it on to np.diff of an
    // x of more dimensions and to the sum of the products, whose rank can exceed y's.
    int64_t given = -1;
    if (b[3]) {
        if (b[3]->kind == Value::None)
            throw UserError(b[3]->loc, "list indices must be integers or slices, not NoneType");
        std::optional<int64_t> k = constantInt(*b[3]);
        if (!k)
            throw UserError(b[3]->loc, "np.trapezoid(): npc needs axis as an int literal");
        given = *k;
    }
    if (given < -rank || given >= rank)
        throw UserError(b[3]->loc, "list assignment index out of range");
    int axis = static_cast<int>(given < 0 ? given + rank : given);
    SourceLoc loc = args.loc;
    auto axisValue = [&] {
        return Value::array(array::makeIntConstant(given, DType::Int64, true, loc), loc);
    };
    NodePtr d;
    if (b[1] && b[1]->kind != Value::None) {
        NodePtr x = asArray(lowering, *b[1], args, "x");
        CallArgs difference{"np.diff", loc, {Value::array(x, loc)}, {}, {}};
        if (x->type.rank() != 1) {
            difference.keywords.emplace_back("axis", axisValue());
            difference.keywordLocs.push_back(loc);
        }
        d = callNumPy(lowering, "numpy.diff", difference).node;
        if (x->type.rank() == 1) { // reshaped to extend along `axis` only
            std::vector<array::ViewEntry> entries(static_cast<size_t>(rank),
                                                  array::ViewEntry::newAxis());
            entries[static_cast<size_t>(axis)] = array::ViewEntry::all();
            d = array::makeView(d, std::move(entries), loc);
        }
    } else {
        d = b[2] ? requireArray(b[2], args, "dx")
                 : array::makeFloatConstant(1.0, DType::Float64, true, loc);
    }
    NodePtr sum = lowering.binary(BinaryOp::Add, sliceAlong(y, axis, 1, std::nullopt, 1, loc),
                                  sliceAlong(y, axis, std::nullopt, -1, 1, loc), loc);
    NodePtr areas =
        lowering.binary(BinaryOp::TrueDivide, lowering.binary(BinaryOp::Multiply, d, sum, loc),
                        array::makeFloatConstant(2.0, DType::Float64, true, loc), loc);
    CallArgs total{"np.sum", loc, {Value::array(areas, loc)}, {}, {}};
    total.keywords.emplace_back("axis", axisValue());
    total.keywordLocs.push_back(loc);
    return Value::array(array::withName(callNumPy(lowering, "numpy.sum", total).node, "trapezoid"),
                        loc);
}

/// ndarray.item(): the one element of a size-1 array as a Python scalar (bool, int, float,
/// complex); NumPy's ValueError for another size (at run time where only it knows it).
Value item(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"a", true}});
    NodePtr a = requireArray(b[0], args, "a");
    const char *message = "can only convert an array of size 1 to a Python scalar";
    Dim size = dimProduct(a->type.shape);
    if (auto c = dimConstValue(size); c && *c != 1)
        throw UserError(args.loc, message);
    std::vector<array::ViewEntry> first(static_cast<size_t>(a->type.rank()),
                                        array::ViewEntry::at(0));
    NodePtr element = a->type.rank() ? array::makeView(a, std::move(first), args.loc) : a;
    if (!dimConstValue(size))
        element = array::withChecks(
            element, {array::ExtentCheck{size, dimConst(1), false, message, "ValueError"}});
    // Python's own number: a float is a double, an int an int64 in npc (uint64 values
    // beyond it would be wrong), a complex a complex128.
    DType dtype = a->type.dtype;
    if (dtype == DType::UInt64)
        throw UserError(args.loc, "npc's Python ints are int64: item() of a uint64 array is not "
                                  "supported; use int(x[i]) where the values fit");
    DType python = isBool(dtype)      ? DType::Bool
                   : isComplex(dtype) ? DType::Complex128
                   : isFloat(dtype)   ? DType::Float64
                                      : DType::Int64;
    return Value::array(array::makeCast(element, python, true, args.loc), args.loc);
}

} // namespace

Value arrayTuple(std::vector<NodePtr> parts, SourceLoc loc) {
    Value t;
    t.kind = Value::Tuple;
    t.loc = loc;
    for (NodePtr &p : parts)
        t.elements.push_back(Value::array(std::move(p), loc));
    return t;
}

NodePtr sliceAlong(const NodePtr &x, int axis, std::optional<int64_t> start,
                   std::optional<int64_t> stop, int64_t step, SourceLoc loc,
                   const NodePtr &dynamicStart, const NodePtr &dynamicStop) {
    std::vector<array::ViewEntry> entries(static_cast<size_t>(x->type.rank()),
                                          array::ViewEntry::all());
    std::vector<NodePtr> dynamic;
    array::ViewEntry &e = entries[static_cast<size_t>(axis)];
    e.start = start;
    e.stop = stop;
    e.step = step;
    if (dynamicStart) {
        dynamic.push_back(dynamicStart);
        e.startOperand = static_cast<int>(dynamic.size());
    }
    if (dynamicStop) {
        dynamic.push_back(dynamicStop);
        e.stopOperand = static_cast<int>(dynamic.size());
    }
    return array::makeView(x, std::move(entries), loc, std::move(dynamic));
}

NodePtr filled(double value, DType t, const Shape &shape, SourceLoc loc) {
    return array::makeBroadcast(array::makeFloatConstant(value, t, false, loc), shape, loc);
}

CallArgs forwarded(const CallArgs &args, const NodePtr &value,
                   const std::vector<std::optional<Value>> &bound,
                   const std::vector<const char *> &names) {
    CallArgs out{args.function, args.loc, {Value::array(value, args.loc)}, {}, {}};
    for (size_t i = 0; i < names.size(); ++i)
        if (bound[i + 1]) {
            out.keywords.emplace_back(names[i], *bound[i + 1]);
            out.keywordLocs.push_back(bound[i + 1]->loc);
        }
    return out;
}

std::vector<std::optional<Value>> bindReduction(const CallArgs &args,
                                                const std::vector<const char *> &names) {
    std::vector<ParamSpec> spec = {{"a", true}};
    for (const char *name : names)
        spec.push_back({name, false});
    spec.insert(spec.end() - 1, {"out", false});
    auto b = lowering::bind(args, spec); // not std::bind, found by ADL
    rejectArgument(b[spec.size() - 2], "out", args);
    b.erase(b.end() - 2);
    return b;
}

const std::map<std::string, Handler> &arrayFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.diff", diff},
        {"numpy.roll", roll},
        {"numpy.flip", flip},
        {"numpy.flipud", flipOne(0)},
        {"numpy.fliplr", flipOne(1)},
        {"numpy.outer", outer},
        {"numpy.count_nonzero", countNonzero},
        {"numpy.isclose", iscloseValue},
        {"numpy.allclose", allclose},
        {"numpy.deg2rad", angleConversion(true)},
        {"numpy.radians", angleConversion(true)},
        {"numpy.rad2deg", angleConversion(false)},
        {"numpy.degrees", angleConversion(false)},
        {"ndarray.clip", ndarrayClip},
        {"ndarray.item", item},
        {"numpy.triu", triangle(true)},
        {"numpy.tril", triangle(false)},
        {"numpy.logaddexp", logAddExp(false)},
        {"numpy.logaddexp2", logAddExp(true)},
        {"numpy.heaviside", heaviside},
        {"numpy.ptp", ptp},
        {"numpy.average", average},
        {"numpy.trapezoid", trapezoid},
    };
    return table;
}

} // namespace npc::lowering
