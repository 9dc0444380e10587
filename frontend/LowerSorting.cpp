// numpy.sort, numpy.argsort (and ndarray.argsort), numpy.lexsort, numpy.median, numpy.quantile and
// numpy.percentile, built on the array IR's Sort (a stable sort along one axis, NaNs last,
// as NumPy orders them).
#include "frontend/LowerContext.h"

#include <cctype>
#include <fmt/format.h>
#include <limits>
#include <numeric>
#include <string_view>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::UnaryOp;

/// The array sorted and the axis: `axis` (default -1) of `a`, or, for None, the flattened
/// array's only axis (numpy.sort's axis=None). Complex numbers are a located error.
std::pair<NodePtr, int> sortedOperand(ExprLowering &lowering, const std::optional<Value> &a,
                                      const std::optional<Value> &axis, const CallArgs &args) {
    NodePtr x = requireArray(a, args, "a");
    if (isComplex(x->type.dtype))
        throw UserError(args.loc, fmt::format("{}() of complex numbers is not supported by npc "
                                              "yet (NumPy orders them lexicographically)",
                                              args.function));
    if (axis && axis->kind == Value::None) {
        x = callNumPy(lowering, "numpy.ravel", CallArgs{"np.ravel", args.loc, {*a}, {}, {}}).node;
        return {x, 0};
    }
    if (x->type.rank() == 0)
        throw UserError(args.loc, fmt::format("{}(): axis -1 is out of bounds for array of "
                                              "dimension 0",
                                              args.function));
    int at = x->type.rank() - 1;
    if (axis) {
        if (axis->kind == Value::Tuple)
            throw UserError(
                axis->loc, fmt::format("{}(): axis must be an int literal or None", args.function));
        at = normalizeAxes(axis, x->type.rank(), args).at(0);
    }
    return {x, at};
}

/// The `kind` and `stable` arguments: every kind sorts values alike; npc's order of equal
/// elements is always the stable one. `order` (structured arrays) is rejected.
void checkSortOptions(const std::vector<std::optional<Value>> &b, const CallArgs &args) {
    if (b[3] && b[3]->kind != Value::None)
        throw UserError(b[3]->loc, fmt::format("{}(): order applies to structured arrays, "
                                               "which npc does not support",
                                               args.function));
    if (b[2] && b[2]->kind != Value::None && b[2]->kind != Value::String)
        throw UserError(b[2]->loc,
                        fmt::format("{}(): kind must be a string such as 'stable'", args.function));
    if (b[2] && b[2]->kind == Value::String &&
        (b[2]->text.empty() ||
         std::string_view("qmhs").find(static_cast<char>(
             std::tolower(static_cast<unsigned char>(b[2]->text[0])))) == std::string_view::npos))
        throw UserError(b[2]->loc, fmt::format("sort kind must be one of 'quick', 'heap', or "
                                               "'stable' (got '{}')",
                                               b[2]->text));
    if (b[4] && b[4]->kind != Value::None && !boolLiteral(*b[4]))
        throw UserError(b[4]->loc,
                        fmt::format("{}(): stable must be True, False or None", args.function));
    if (b[2] && b[2]->kind != Value::None && b[4] && b[4]->kind != Value::None)
        throw UserError(b[4]->loc, "`kind` and `stable` parameters can't be provided at the "
                                   "same time. Use only one of them.");
}

Handler sortFunction(bool positions) {
    return [positions](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(
            args,
            {{"a", true}, {"axis", false}, {"kind", false}, {"order", false}, {"stable", false}});
        checkSortOptions(b, args);
        auto [x, axis] = sortedOperand(lowering, b[0], b[1], args);
        return Value::array(array::withName(array::makeSort(x, axis, positions, args.loc),
                                            positions ? "argsort" : "sorted"),
                            args.loc);
    };
}

/// `arr` gathered along `axis` at `indices` (in bounds): numpy.take_along_axis.
NodePtr alongAxis(ExprLowering &lowering, const NodePtr &arr, const NodePtr &indices, int axis,
                  SourceLoc loc) {
    return callNumPy(
               lowering, "numpy.take_along_axis",
               CallArgs{"np.take_along_axis",
                        loc,
                        {Value::array(arr, loc), Value::array(indices, loc),
                         Value::array(array::makeIntConstant(axis, DType::Int64, true, loc), loc)},
                        {},
                        {}})
        .node;
}

/// numpy.lexsort(keys, axis=-1): the int64 positions that sort along `axis` by the last
/// key, then the one before it, ... (numpy/_core/src/multiarray/item_selection.c,
/// PyArray_LexSort): keys a tuple or list of arrays of one shape, or an array whose first
/// axis (of an extent known at compile time) counts them. Computed as NumPy's does, as
/// stable argsorts from the first key to the last, each of the previous order's keys.
/// NaNs sort last. TypeError for no keys, ValueError "all keys need to be the same shape".
Value lexsort(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"keys", true}, {"axis", false}});
    SourceLoc loc = args.loc;
    const Value &given = *b[0];
    static const char *kNoKeys = "need sequence of keys with len > 0 in lexsort";
    static const char *kScalarKeys = "np.lexsort() of 0-d keys (the elements of a 1-D keys "
                                     "array) is not supported by npc: give a tuple of arrays "
                                     "or a 2-D array, one key per row";
    std::vector<NodePtr> keys;
    if (given.kind == Value::Tuple) {
        for (const Value &e : given.elements)
            keys.push_back(asArray(lowering, e, args, "keys"));
    } else {
        NodePtr m = asArray(lowering, given, args, "keys");
        if (m->type.rank() == 0)
            throw UserError(given.loc, kNoKeys);
        if (m->type.rank() == 1)
            throw UserError(given.loc, kScalarKeys);
        auto count = dimConstValue(m->type.shape[0]);
        if (!count)
            throw UserError(given.loc, "np.lexsort(): npc needs the number of keys (the first "
                                       "extent of the keys array) at compile time: a fixed "
                                       "extent in the signature (float64[2,:]) or a tuple of "
                                       "arrays");
        for (int64_t i = 0; i < *count; ++i) {
            std::vector<array::ViewEntry> entries(static_cast<size_t>(m->type.rank()),
                                                  array::ViewEntry::all());
            entries[0] = array::ViewEntry::at(i);
            keys.push_back(array::makeView(m, std::move(entries), loc));
        }
    }
    if (keys.empty())
        throw UserError(given.loc, kNoKeys);
    const NodePtr &first = keys[0];
    if (first->type.rank() == 0)
        throw UserError(given.loc, kScalarKeys);
    static const char *kShapes = "all keys need to be the same shape";
    std::vector<array::ExtentCheck> checks;
    for (const NodePtr &key : keys) {
        if (isComplex(key->type.dtype))
            throw UserError(given.loc, "np.lexsort() of complex numbers is not supported by npc "
                                       "yet (NumPy orders them lexicographically)");
        if (key->type.rank() != first->type.rank())
            throw UserError(given.loc, kShapes);
        for (size_t a = 0; a < first->type.shape.size(); ++a) {
            const Dim &d = key->type.shape[a], &f = first->type.shape[a];
            if (dimEqual(d, f))
                continue;
            if (dimConstValue(d) && dimConstValue(f))
                throw UserError(given.loc, kShapes);
            checks.push_back(
                shownCheck(d, f, false, [](std::vector<Dim> *) { return std::string(kShapes); }));
        }
    }
    if (b[1] && b[1]->kind == Value::None)
        throw UserError(b[1]->loc, "np.lexsort(): axis must be an int");
    int axis = first->type.rank() - 1;
    if (b[1])
        axis = normalizeAxes(b[1], first->type.rank(), args).at(0);
    // Stable sorts, least significant key first: equal later keys keep the earlier order.
    NodePtr order = array::makeSort(first, axis, true, loc);
    for (size_t i = 1; i < keys.size(); ++i) {
        NodePtr inner =
            array::makeSort(alongAxis(lowering, keys[i], order, axis, loc), axis, true, loc);
        order = alongAxis(lowering, order, inner, axis, loc);
    }
    return Value::array(array::withChecks(array::withName(order, "lexsort"), std::move(checks)),
                        loc);
}

/// Element `index` (an int64 scalar, in bounds) of `x` along `axis`.
NodePtr takeAlong(const NodePtr &x, int axis, const NodePtr &index, SourceLoc loc) {
    std::vector<array::ViewEntry> entries(static_cast<size_t>(x->type.rank()),
                                          array::ViewEntry::all());
    array::ViewEntry &e = entries[static_cast<size_t>(axis)];
    e.kind = array::ViewEntry::Index;
    e.indexOperand = 1;
    return array::makeView(x, std::move(entries), loc, {index});
}

/// `axis` as given, or None where absent (numpy.median's and numpy.quantile's default).
Value axisOrNone(const std::optional<Value> &axis, SourceLoc loc) {
    if (axis)
        return *axis;
    Value none;
    none.kind = Value::None;
    none.loc = loc;
    return none;
}

/// A NaN of `t` broadcast to `shape`.
NodePtr nanOf(DType t, const Shape &shape, SourceLoc loc) {
    return filled(std::numeric_limits<double>::quiet_NaN(), t, shape, loc);
}

/// `result` (the reduction of `a`'s `axis`, or of every axis where `axis` is None, after
/// `leading` axes of its own: numpy.quantile's q) with the reduced axes kept as extent 1
/// (keepdims=True).
NodePtr keptDims(const NodePtr &result, const Value &axisArg, int rank, int axis, SourceLoc loc,
                 int leading = 0) {
    bool whole = axisArg.kind == Value::None;
    std::vector<array::ViewEntry> entries(static_cast<size_t>(leading), array::ViewEntry::all());
    for (int i = 0; i < rank; ++i)
        entries.push_back(whole || i == axis ? array::ViewEntry::newAxis()
                                             : array::ViewEntry::all());
    return array::makeView(result, std::move(entries), loc);
}

/// numpy.median(a, axis=None, out=None, overwrite_input=False, keepdims=False): the middle
/// element of the sorted values along the axis, or the mean of the two middle ones
/// (`(lo + hi) / 2` in the result dtype: float64 for integers and bool, as numpy.mean);
/// NaN where the values hold a NaN (NumPy's _median_nancheck) or are empty. One axis or
/// None.
Value median(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true},
                         {"axis", false},
                         {"out", false},
                         {"overwrite_input", false},
                         {"keepdims", false}});
    rejectArgument(b[2], "out", args);
    Value axisArg = axisOrNone(b[1], args.loc);
    auto [x, axis] = sortedOperand(lowering, b[0], axisArg, args);
    bool keepdims = keepdimsFlag(b[4], args);
    SourceLoc loc = args.loc;
    DType t = isInexact(x->type.dtype) ? x->type.dtype : DType::Float64;
    NodePtr sorted = lowering.castTo(array::makeSort(x, axis, false, loc), t, loc);
    // A NaN after the values: an empty line reads it as its median, as NumPy gives NaN.
    Shape padShape = sorted->type.shape;
    padShape[static_cast<size_t>(axis)] = dimConst(1);
    NodePtr padded = array::makeConcat({sorted, nanOf(t, padShape, loc)}, axis, {}, loc);
    const Dim &n = x->type.shape[static_cast<size_t>(axis)];
    NodePtr count = array::makeDimValue(n, loc);
    auto constant = [&](int64_t v) { return array::makeIntConstant(v, DType::Int64, false, loc); };
    auto beforeLast = [&] { return lowering.binary(BinaryOp::Subtract, count, constant(1), loc); };
    auto half = [&](const NodePtr &k) {
        return lowering.binary(BinaryOp::FloorDivide, k, constant(2), loc);
    };
    auto atLeastZero = [&](const NodePtr &k) { // 0 for an empty line: the NaN after it
        return lowering.materialized(lowering.binary(BinaryOp::Maximum, k, constant(0), loc), loc);
    };
    NodePtr loIndex = atLeastZero(half(beforeLast()));
    NodePtr hiIndex = lowering.materialized(half(count), loc);
    NodePtr lastIndex = atLeastZero(beforeLast());
    NodePtr lo = takeAlong(padded, axis, loIndex, loc);
    NodePtr hi = takeAlong(padded, axis, hiIndex, loc);
    NodePtr last = takeAlong(padded, axis, lastIndex, loc);
    NodePtr two = array::makeFloatConstant(2, t, false, loc);
    NodePtr mean =
        lowering.binary(BinaryOp::TrueDivide, lowering.binary(BinaryOp::Add, lo, hi, loc),
                        array::makeBroadcast(two, lo->type.shape, loc), loc);
    NodePtr odd = lowering.binary(BinaryOp::Equal, loIndex, hiIndex, loc);
    NodePtr middle =
        array::makeWhere(array::makeBroadcast(odd, lo->type.shape, loc), lo, mean, loc);
    NodePtr result = array::makeWhere(lowering.unary(UnaryOp::IsNan, last, loc),
                                      nanOf(t, lo->type.shape, loc), middle, loc);
    if (keepdims)
        result = keptDims(result, axisArg, requireArray(b[0], args, "a")->type.rank(), axis, loc);
    return Value::array(array::withName(result, "median"), loc);
}

/// numpy.quantile's q as NumPy 2 converts it: a Python number (or numpy.float64) becomes a
/// float `a`'s dtype (else asanyarray's: int64, float64); numpy.percentile's is divided by
/// 100 first (a float `a`'s 100, else a Python int). NumPy's ValueError outside [0, 1]: at
/// compile time for a constant, else a check at run time (of every element of an array).
NodePtr quantiles(ExprLowering &lowering, const NodePtr &a, NodePtr q, bool percent, SourceLoc qLoc,
                  SourceLoc loc) {
    const bool floatValues = isFloat(a->type.dtype);
    // numpy.float64 is a Python float (a subclass) to numpy.quantile's isinstance test.
    const bool pythonNumber =
        q->type.rank() == 0 && (q->type.weak || q->type.dtype == DType::Float64);
    const bool constant = q->kind == array::NodeKind::Constant;
    const double given = !constant                ? 0
                         : isFloat(q->type.dtype) ? q->floatValue
                                                  : static_cast<double>(q->intValue);
    if (percent) {
        NodePtr hundred = floatValues ? array::makeFloatConstant(100, a->type.dtype, false, loc)
                                      : array::makeIntConstant(100, DType::Int64, true, loc);
        q = lowering.binary(BinaryOp::TrueDivide, q, hundred, loc);
    } else if (pythonNumber)
        q = lowering.castTo(q,
                            floatValues              ? a->type.dtype
                            : isFloat(q->type.dtype) ? DType::Float64
                                                     : DType::Int64,
                            loc);
    const char *message = percent ? "Percentiles must be in the range [0, 100]"
                                  : "Quantiles must be in the range [0, 1]";
    if (constant) {
        if (!(given >= 0 && given <= (percent ? 100 : 1)))
            throw UserError(qLoc, message);
        return q;
    }
    q = lowering.materialized(q, loc);
    NodePtr inside =
        lowering.binary(BinaryOp::LogicalAnd,
                        lowering.binary(BinaryOp::LessEqual,
                                        array::makeIntConstant(0, DType::Int64, true, loc), q, loc),
                        lowering.binary(BinaryOp::LessEqual, q,
                                        array::makeIntConstant(1, DType::Int64, true, loc), loc),
                        loc);
    NodePtr outside = lowering.unary(UnaryOp::LogicalNot, inside, loc);
    if (outside->type.rank() > 0) {
        std::vector<int> axes(static_cast<size_t>(outside->type.rank()));
        std::iota(axes.begin(), axes.end(), 0);
        outside = array::makeReduce(array::ReduceOp::Any, outside, std::move(axes), false, loc);
    }
    NodePtr flag = lowering.materialized(array::makeCast(outside, DType::Int64, false, loc), loc);
    return array::withChecks(q, {{dimValue(flag, message), dimConst(0), false, message}});
}

/// NumPy's _lerp(a, b, t) of `lo`, `hi` and `gamma` (one shape; gamma of float dtype `t`):
/// `lo + (hi - lo) * gamma`, or `hi - (hi - lo) * (1 - gamma)` where gamma >= 0.5, with
/// `hi - lo` in their own dtype.
NodePtr lerp(ExprLowering &lowering, const NodePtr &lo, const NodePtr &hi, const NodePtr &gamma,
             DType t, SourceLoc loc) {
    NodePtr difference = lowering.binary(BinaryOp::Subtract, hi, lo, loc);
    NodePtr up = lowering.binary(BinaryOp::Add, lo,
                                 lowering.binary(BinaryOp::Multiply, difference, gamma, loc), loc);
    NodePtr rest = lowering.binary(BinaryOp::Subtract,
                                   array::makeIntConstant(1, DType::Int64, true, loc), gamma, loc);
    NodePtr down = lowering.binary(BinaryOp::Subtract, hi,
                                   lowering.binary(BinaryOp::Multiply, difference, rest, loc), loc);
    NodePtr half =
        array::makeBroadcast(array::makeFloatConstant(0.5, t, false, loc), lo->type.shape, loc);
    return array::makeWhere(lowering.binary(BinaryOp::GreaterEqual, gamma, half, loc), down, up,
                            loc);
}

/// The arguments of numpy.quantile, numpy.nanquantile and their percentiles, bound, with
/// npc's errors for `out` and methods other than 'linear'.
std::vector<std::optional<Value>> bindQuantile(const CallArgs &args) {
    auto b = bind(args, {{"a", true},
                         {"q", true},
                         {"axis", false},
                         {"out", false},
                         {"overwrite_input", false},
                         {"method", false},
                         {"keepdims", false}});
    rejectArgument(b[3], "out", args);
    if (b[5] && !(b[5]->kind == Value::String && b[5]->text == "linear"))
        throw UserError(b[5]->loc, fmt::format("{}(): npc supports method='linear' (the "
                                               "default) only",
                                               args.function));
    return b;
}

/// The operands of a quantile: the lines (`x` along `axis`; the flattened array for
/// axis=None, `axisArg`) and q as quantiles() converts it (real numbers only).
struct QuantileOperands {
    NodePtr x, q;
    int axis;
    Value axisArg;
};

QuantileOperands quantileOperands(ExprLowering &lowering,
                                  const std::vector<std::optional<Value>> &b, bool percent,
                                  const CallArgs &args) {
    NodePtr q = arrayArgument(lowering, *b[1], args, "q");
    if (isComplex(q->type.dtype))
        throw UserError(b[1]->loc, fmt::format("{}(): q must be real numbers", args.function));
    Value axisArg = axisOrNone(b[2], args.loc);
    auto [x, axis] = sortedOperand(lowering, b[0], axisArg, args);
    q = quantiles(lowering, x, q, percent, b[1]->loc, args.loc);
    return {x, q, axis, axisArg};
}

/// numpy.quantile(a, q, axis=None, out=None, overwrite_input=False, method='linear',
/// keepdims=False) and numpy.percentile (q in percent) as NumPy 2 computes them: q (a
/// number or an array of any shape, whose axes lead the result's) converted by quantiles()
/// above; an integer q (0 or 1) takes the sorted value at `(n - 1) * q` in a's dtype;
/// otherwise the virtual index `(n - 1) * q` lies between the sorted values `a` at its
/// floor and `b` after it, interpolated as NumPy's _lerp (`a + (b - a) * g`, or
/// `b - (b - a) * (1 - g)` for g >= 0.5, with `b - a` in a's dtype and the result in the
/// promotion of a's and q's dtypes); NaN where the line holds a NaN; NumPy's IndexError
/// for an empty line.
Handler quantile(bool percent) {
    return [percent](ExprLowering &lowering, const CallArgs &args) {
        auto b = bindQuantile(args);
        SourceLoc loc = args.loc;
        NodePtr a = requireArray(b[0], args, "a");
        if (isBool(a->type.dtype))
            throw UserError(loc, "numpy boolean subtract, the `-` operator, is not supported "
                                 "(NumPy's TypeError for the quantiles of bools); convert to "
                                 "an integer dtype first");
        auto [x, q, axis, axisArg] = quantileOperands(lowering, b, percent, args);
        const int leading = q->type.rank();
        NodePtr sorted = array::makeSort(x, axis, false, loc);
        // Sorted values at `index` (int64, q's shape) along the axis: q's axes first.
        auto at = [&](const NodePtr &index) {
            if (leading == 0)
                return takeAlong(sorted, axis, index, loc);
            return array::makeGather(sorted, {index}, {axis}, 0, {0}, loc);
        };
        // A value of q's shape spread over the result's shape (q's axes lead).
        auto spread = [&](const NodePtr &v, const Shape &shape) {
            std::vector<array::ViewEntry> entries(static_cast<size_t>(leading),
                                                  array::ViewEntry::all());
            entries.resize(shape.size(), array::ViewEntry::newAxis());
            NodePtr r = leading == 0 ? v : array::makeView(v, std::move(entries), loc);
            return array::makeBroadcast(r, shape, loc);
        };
        // `n - 1`, a Python int (weak: the index is computed in q's dtype).
        NodePtr last = array::makeCast(
            lowering.binary(BinaryOp::Subtract,
                            array::makeDimValue(x->type.shape[static_cast<size_t>(axis)], loc),
                            array::makeIntConstant(1, DType::Int64, true, loc), loc),
            DType::Int64, true, loc);
        NodePtr virtualIndex =
            lowering.materialized(lowering.binary(BinaryOp::Multiply, last, q, loc), loc);
        NodePtr lastIndex = array::makeCast(last, DType::Int64, false, loc);
        NodePtr result;
        if (!isFloat(virtualIndex->type.dtype)) { // no interpolation (q is 0 or 1)
            result = at(array::makeCast(virtualIndex, DType::Int64, false, loc));
        } else {
            NodePtr below = lowering.unary(UnaryOp::Floor, virtualIndex, loc);
            NodePtr beyond = lowering.binary(BinaryOp::GreaterEqual, virtualIndex, last, loc);
            NodePtr lastIndexes = array::makeBroadcast(lastIndex, q->type.shape, loc);
            NodePtr floorIndex = array::makeCast(below, DType::Int64, false, loc);
            NodePtr previous =
                lowering.materialized(array::makeWhere(beyond, lastIndexes, floorIndex, loc), loc);
            NodePtr next = lowering.materialized(
                array::makeWhere(
                    beyond, lastIndexes,
                    lowering.binary(BinaryOp::Add, floorIndex,
                                    array::makeIntConstant(1, DType::Int64, false, loc), loc),
                    loc),
                loc);
            NodePtr lo = at(previous);
            NodePtr hi = at(next);
            const Shape &shape = lo->type.shape;
            NodePtr gamma =
                spread(lowering.binary(BinaryOp::Subtract, virtualIndex, below, loc), shape);
            result = lerp(lowering, lo, hi, gamma, virtualIndex->type.dtype, loc);
        }
        if (isFloat(x->type.dtype)) {
            NodePtr greatest = takeAlong(sorted, axis, lastIndex, loc);
            NodePtr hasNan = array::makeBroadcast(lowering.unary(UnaryOp::IsNan, greatest, loc),
                                                  result->type.shape, loc);
            result = array::makeWhere(hasNan, nanOf(result->type.dtype, result->type.shape, loc),
                                      result, loc);
        }
        if (keepdimsFlag(b[6], args))
            result = keptDims(result, axisArg, a->type.rank(), axis, loc, leading);
        return Value::array(array::withName(result, percent ? "percentile" : "quantile"), loc);
    };
}

/// The lines of `a` along `axis` for the NaN-ignoring order statistics
/// (numpy/lib/_nanfunctions_impl.py, which remove each line's NaNs and take the plain
/// statistic of the rest): sorted with a NaN after them (NaNs sort last, so each line's
/// values lead and an empty line reads a NaN), and their counts of non-NaN values (int64,
/// a's shape without the axis).
struct NanLines {
    NodePtr padded, count;
    int axis;
    int leading; ///< axes that lead the positions (numpy.nanquantile's q)

    NanLines(ExprLowering &lowering, const NodePtr &x, int axis, int leading, SourceLoc loc)
        : axis(axis), leading(leading) {
        NodePtr sorted = array::makeSort(x, axis, false, loc);
        Shape padShape = sorted->type.shape;
        padShape[static_cast<size_t>(axis)] = dimConst(1);
        padded = array::makeConcat({sorted, nanOf(x->type.dtype, padShape, loc)}, axis, {}, loc);
        NodePtr present = array::makeCast(
            lowering.unary(UnaryOp::LogicalNot, lowering.unary(UnaryOp::IsNan, x, loc), loc),
            DType::Int64, loc);
        count = lowering.materialized(
            array::makeReduce(array::ReduceOp::Sum, present, {axis}, false, loc), loc);
    }

    /// The values at `index` (int64, in [0, count]) of each line: `index`'s shape is the
    /// leading axes then the lines' (the other axes of a, in order).
    NodePtr at(const NodePtr &index, SourceLoc loc) const {
        const Shape &shape = index->type.shape;
        std::vector<NodePtr> indices;
        std::vector<int> axes, errorAxes;
        for (int k = 0; k < padded->type.rank(); ++k) {
            axes.push_back(k);
            errorAxes.push_back(-1);
            indices.push_back(
                k == axis ? index : array::makeIota(shape, leading + (k < axis ? k : k - 1), loc));
        }
        return array::makeGather(padded, std::move(indices), std::move(axes), 0,
                                 std::move(errorAxes), loc);
    }
};

/// numpy.nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False): the
/// median of each line's non-NaN values (the middle one, or `(lo + hi) / 2` of the two
/// middle ones, in a's dtype), NaN for a line of NaNs only or an empty one; numpy.median
/// for integers and bools, which hold no NaN. One axis or None.
Value nanmedian(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true},
                         {"axis", false},
                         {"out", false},
                         {"overwrite_input", false},
                         {"keepdims", false}});
    NodePtr a = requireArray(b[0], args, "a");
    if (!isFloat(a->type.dtype))
        return callNumPy(lowering, "numpy.median", args);
    rejectArgument(b[2], "out", args);
    SourceLoc loc = args.loc;
    Value axisArg = axisOrNone(b[1], loc);
    auto [x, axis] = sortedOperand(lowering, b[0], axisArg, args);
    NanLines lines(lowering, x, axis, 0, loc);
    auto constant = [&](int64_t v) { return array::makeIntConstant(v, DType::Int64, false, loc); };
    NodePtr beforeLast = lowering.binary(BinaryOp::Subtract, lines.count, constant(1), loc);
    NodePtr loIndex = lowering.binary(
        BinaryOp::Maximum, lowering.binary(BinaryOp::FloorDivide, beforeLast, constant(2), loc),
        constant(0), loc);
    NodePtr hiIndex = lowering.binary(BinaryOp::FloorDivide, lines.count, constant(2), loc);
    NodePtr lo = lines.at(loIndex, loc);
    NodePtr hi = lines.at(hiIndex, loc);
    DType t = x->type.dtype;
    NodePtr mean = lowering.binary(
        BinaryOp::TrueDivide, lowering.binary(BinaryOp::Add, lo, hi, loc),
        array::makeBroadcast(array::makeFloatConstant(2, t, false, loc), lo->type.shape, loc), loc);
    NodePtr odd = lowering.binary(
        BinaryOp::Equal, lowering.binary(BinaryOp::Remainder, lines.count, constant(2), loc),
        constant(1), loc);
    NodePtr result = array::makeWhere(odd, lo, mean, loc);
    if (keepdimsFlag(b[4], args))
        result = keptDims(result, axisArg, a->type.rank(), axis, loc);
    return Value::array(array::withName(result, "nanmedian"), loc);
}

/// numpy.nanquantile(a, q, axis=None, out=None, overwrite_input=False, method='linear',
/// keepdims=False) and numpy.nanpercentile: numpy.quantile's linear interpolation of each
/// line's non-NaN values (their count n in the virtual index `(n - 1) * q`), NaN for a line
/// of NaNs only; q converted and checked as numpy.quantile's (its axes lead the result's);
/// numpy.quantile for integers and bools.
Handler nanquantile(bool percent) {
    return [percent](ExprLowering &lowering, const CallArgs &args) {
        auto b = bindQuantile(args);
        NodePtr a = requireArray(b[0], args, "a");
        if (!isFloat(a->type.dtype))
            return callNumPy(lowering, percent ? "numpy.percentile" : "numpy.quantile", args);
        SourceLoc loc = args.loc;
        auto [x, q, axis, axisArg] = quantileOperands(lowering, b, percent, args);
        const int leading = q->type.rank();
        NanLines lines(lowering, x, axis, leading, loc);
        // The positions' shape: q's axes, then the lines'.
        Shape shape = q->type.shape;
        for (const Dim &d : lines.count->type.shape)
            shape.push_back(d);
        std::vector<array::ViewEntry> entries(static_cast<size_t>(leading),
                                              array::ViewEntry::all());
        entries.resize(shape.size(), array::ViewEntry::newAxis());
        NodePtr qs = array::makeBroadcast(array::makeView(q, std::move(entries), loc), shape, loc);
        auto constant = [&](int64_t v) {
            return array::makeIntConstant(v, DType::Int64, false, loc);
        };
        NodePtr count = array::makeBroadcast(lines.count, shape, loc);
        NodePtr last = lowering.binary(BinaryOp::Subtract, count, constant(1), loc);
        NodePtr lastIndex = lowering.binary(BinaryOp::Maximum, last, constant(0), loc);
        // NumPy computes `(n - 1) * q` with n a Python int: in q's dtype.
        DType qt = q->type.dtype;
        NodePtr virtualIndex = lowering.binary(
            BinaryOp::Multiply, isFloat(qt) ? array::makeCast(last, qt, loc) : last, qs, loc);
        NodePtr result;
        if (!isFloat(qt)) { // no interpolation (q is 0 or 1)
            result =
                lines.at(lowering.binary(BinaryOp::Maximum, virtualIndex, constant(0), loc), loc);
        } else {
            NodePtr below = lowering.unary(UnaryOp::Floor, virtualIndex, loc);
            NodePtr beyond = lowering.binary(BinaryOp::GreaterEqual, virtualIndex,
                                             array::makeCast(last, qt, loc), loc);
            NodePtr floorIndex =
                lowering.binary(BinaryOp::Maximum, array::makeCast(below, DType::Int64, false, loc),
                                constant(0), loc);
            NodePtr previous = array::makeWhere(beyond, lastIndex, floorIndex, loc);
            NodePtr next =
                array::makeWhere(beyond, lastIndex,
                                 lowering.binary(BinaryOp::Add, floorIndex, constant(1), loc), loc);
            NodePtr lo = lines.at(previous, loc);
            NodePtr hi = lines.at(next, loc);
            NodePtr gamma = lowering.binary(BinaryOp::Subtract, virtualIndex, below, loc);
            result = lerp(lowering, lo, hi, gamma, qt, loc);
        }
        NodePtr empty = lowering.binary(BinaryOp::Equal, count, constant(0), loc);
        result = array::makeWhere(empty, nanOf(result->type.dtype, shape, loc), result, loc);
        if (keepdimsFlag(b[6], args))
            result = keptDims(result, axisArg, a->type.rank(), axis, loc, leading);
        return Value::array(array::withName(result, percent ? "nanpercentile" : "nanquantile"),
                            loc);
    };
}

} // namespace

const std::map<std::string, Handler> &sortingFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.sort", sortFunction(false)},
        {"numpy.argsort", sortFunction(true)},
        {"ndarray.argsort", sortFunction(true)},
        {"numpy.lexsort", lexsort},
        {"numpy.median", median},
        {"numpy.quantile", quantile(false)},
        {"numpy.percentile", quantile(true)},
        {"numpy.nanmedian", nanmedian},
        {"numpy.nanquantile", nanquantile(false)},
        {"numpy.nanpercentile", nanquantile(true)},
    };
    return table;
}

} // namespace npc::lowering
