// numpy.histogram without weights (numpy/lib/_histograms_impl.py): equal bins computed
// as NumPy's fast path computes each element's bin, and bins given as edges counted with
// searches of the sorted data, as NumPy's other path; numpy.histogram_bin_edges, the edges
// alone (NumPy's _get_bin_edges, which both share).
#include "frontend/LowerContext.h"

#include <cmath>
#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::ReduceOp;
using array::UnaryOp;

/// A run-time check raising ValueError(`message`) where the bool scalar `fails` (computed
/// with reductions: into a variable first) holds.
array::ExtentCheck failsCheck(ExprLowering &lowering, const NodePtr &fails, const char *name,
                              std::string message, SourceLoc loc) {
    NodePtr computed = lowering.materialized(array::withName(fails, name), loc);
    return conditionCheck(computed, name, std::move(message));
}

/// The unsigned dtype of a signed integer's width (_unsigned_subtract's map).
DType unsignedOf(DType t) {
    switch (t) {
    case DType::Int8:
        return DType::UInt8;
    case DType::Int16:
        return DType::UInt16;
    case DType::Int32:
        return DType::UInt32;
    default:
        return DType::UInt64;
    }
}

/// `x` reduced with `op` (Min or Max) over its one axis, or `empty` when it has no element.
NodePtr extreme(ReduceOp op, const NodePtr &x, const NodePtr &empty, SourceLoc loc) {
    DType t = x->type.dtype;
    NodePtr identity = array::makeCast(
        op == ReduceOp::Min ? array::makeFloatConstant(INFINITY, DType::Float64, false, loc)
                            : array::makeFloatConstant(-INFINITY, DType::Float64, false, loc),
        t, loc);
    if (!isFloat(t)) // the largest value's bits (uint64's maximum wraps to -1)
        identity = array::makeIntConstant(op == ReduceOp::Min ? static_cast<int64_t>(integerMax(t))
                                                              : integerMin(t),
                                          t, false, loc);
    NodePtr value = array::makeReduce(
        op, array::makeConcat({x, array::makeBroadcast(identity, {dimConst(1)}, loc)}, 0, {}, loc),
        {0}, false, loc);
    NodePtr none = array::makeBinary(BinaryOp::Equal, array::makeDimValue(x->type.shape[0], loc),
                                     array::makeIntConstant(0, DType::Int64, false, loc), loc);
    return array::makeWhere(none, array::makeCast(empty, t, loc), value, loc);
}

/// The histogram's two results (and, with density, the counts made a density: n / db /
/// n.sum(), as NumPy divides).
Value histogramResult(ExprLowering &lowering, NodePtr counts, const NodePtr &edges, bool density,
                      SourceLoc loc) {
    if (density) {
        NodePtr widths = callNumPy(lowering, "numpy.diff",
                                   CallArgs{"np.diff", loc, {Value::array(edges, loc)}, {}, {}})
                             .node;
        NodePtr total = array::makeReduce(ReduceOp::Sum, counts, {0}, false, loc);
        counts =
            lowering.binary(BinaryOp::TrueDivide,
                            lowering.binary(BinaryOp::TrueDivide, counts, widths, loc), total, loc);
    }
    return Value{Value::Tuple,
                 nullptr,
                 {},
                 {Value::array(array::withName(counts, "hist"), loc),
                  Value::array(array::withName(edges, "bin_edges"), loc)},
                 {},
                 loc};
}

/// NumPy's path for bins given as edges: counts from searches of the sorted data (the
/// last edge inclusive); with `edgesOnly`, the checked edges (histogram_bin_edges).
Value edgeHistogram(ExprLowering &lowering, const NodePtr &a, NodePtr edges, bool density,
                    bool edgesOnly, SourceLoc edgesLoc, const CallArgs &args) {
    SourceLoc loc = args.loc;
    if (edges->type.rank() != 1)
        throw UserError(edgesLoc, "`bins` must be 1d, when an array");
    if (isComplex(edges->type.dtype))
        throw UserError(edgesLoc,
                        fmt::format("{}() of complex bins is not supported by npc", args.function));
    NodePtr previous = sliceAlong(edges, 0, std::nullopt, -1, 1, loc);
    NodePtr next = sliceAlong(edges, 0, 1, std::nullopt, 1, loc);
    NodePtr decreases = array::makeReduce(
        ReduceOp::Any, lowering.binary(BinaryOp::Greater, previous, next, loc), {0}, false, loc);
    array::ExtentCheck check = failsCheck(lowering, decreases, "bins_decrease",
                                          "`bins` must increase monotonically, when an array", loc);
    if (edgesOnly) // np.asarray(bins), a new array here
        return Value::array(array::withChecks(array::makeCopy(edges, loc), {check}), loc);
    NodePtr sorted =
        callNumPy(lowering, "numpy.sort", CallArgs{"np.sort", loc, {Value::array(a, loc)}, {}, {}})
            .node;
    DType t = promoteDTypes(sorted->type.dtype, edges->type.dtype);
    NodePtr s = array::makeCast(sorted, t, loc);
    NodePtr e = array::makeCast(edges, t, loc);
    NodePtr below =
        array::makeSearchSorted(s, sliceAlong(e, 0, std::nullopt, -1, 1, loc), false, loc);
    NodePtr upTo =
        array::makeSearchSorted(s, sliceAlong(e, 0, -1, std::nullopt, 1, loc), true, loc);
    NodePtr cumulative = array::makeConcat({below, upTo}, 0, {}, loc);
    NodePtr counts =
        array::makeBinary(BinaryOp::Subtract, sliceAlong(cumulative, 0, 1, std::nullopt, 1, loc),
                          sliceAlong(cumulative, 0, std::nullopt, -1, 1, loc), loc);
    counts = array::withChecks(counts, {check});
    return histogramResult(lowering, counts, edges, density, loc);
}

/// numpy.histogram(a, bins=10, range=None, density=None, weights=None) without weights,
/// or with `edgesOnly` numpy.histogram_bin_edges(a, bins=10, range=None, weights=None):
/// the edges histogram would count in, with its checks.
Value histogramOf(ExprLowering &lowering, const CallArgs &args, bool edgesOnly) {
    auto b = edgesOnly
                 ? bind(args, {{"a", true}, {"bins", false}, {"range", false}, {"weights", false}})
                 : bind(args, {{"a", true},
                               {"bins", false},
                               {"range", false},
                               {"density", false},
                               {"weights", false}});
    SourceLoc loc = args.loc;
    const std::string_view name = args.function;
    if (const auto &weights = b[edgesOnly ? 3 : 4]; weights && weights->kind != Value::None)
        throw UserError(weights->loc,
                        fmt::format("{}(): weights= is not supported by npc yet", name));
    bool density = false;
    if (!edgesOnly && b[3] && b[3]->kind != Value::None) {
        std::optional<bool> flag = boolLiteral(*b[3]);
        if (!flag)
            throw UserError(b[3]->loc, "np.histogram(): density must be True, False or None (a "
                                       "literal)");
        density = *flag;
    }
    NodePtr a = arrayArgument(lowering, *b[0], args, "a");
    if (isComplex(a->type.dtype))
        throw UserError(b[0]->loc,
                        fmt::format("{}() of complex values is not supported by npc", name));
    if (isBool(a->type.dtype)) // NumPy converts bools to uint8 (with a RuntimeWarning)
        a = array::makeCast(a, DType::UInt8, loc);
    if (a->type.rank() != 1)
        a = array::makeReshape(a, {dimProduct(a->type.shape)}, {}, loc);
    DType at = a->type.dtype;

    Dim n = dimConst(10);
    if (b[1]) {
        if (b[1]->kind == Value::String)
            throw UserError(b[1]->loc, fmt::format("{}(): bins='{}' is not supported by npc yet "
                                                   "(pass a number of bins or the edges)",
                                                   name, b[1]->text));
        if (b[1]->kind == Value::Tuple ||
            (b[1]->kind == Value::Array && b[1]->node->type.rank() > 0))
            return edgeHistogram(lowering, a, arrayArgument(lowering, *b[1], args, "bins"), density,
                                 edgesOnly, b[1]->loc, args);
        if (b[1]->kind != Value::Array || !isInteger(b[1]->node->type.dtype))
            throw UserError(b[1]->loc, "`bins` must be an integer, a string, or an array");
        static const char *kPositive = "`bins` must be positive, when an integer";
        if (auto c = constantInt(*b[1]); c && *c < 1)
            throw UserError(b[1]->loc, kPositive);
        n = extentArgument(*b[1], args, "bins", kPositive);
    }
    std::vector<array::ExtentCheck> checks;
    if (!dimConstValue(n))
        checks.push_back(conditionCheck(
            array::makeBinary(BinaryOp::Equal, array::makeDimValue(n, loc),
                              array::makeIntConstant(0, DType::Int64, false, loc), loc),
            "bins == 0", "`bins` must be positive, when an integer"));

    // The outer edges, as _get_outer_edges: the range, or the data's extremes (0 and 1
    // when it is empty), widened by 0.5 each way when equal.
    NodePtr first, last;
    if (b[2] && b[2]->kind != Value::None) {
        if (b[2]->kind != Value::Tuple || b[2]->elements.size() != 2)
            throw UserError(b[2]->loc, fmt::format("{}(): range must be a pair (min, max)", name));
        first = requireArray(b[2]->elements[0], args, "range");
        last = requireArray(b[2]->elements[1], args, "range");
        for (const NodePtr &e : {first, last})
            if (e->type.rank() != 0 || isComplex(e->type.dtype))
                throw UserError(b[2]->loc,
                                fmt::format("{}(): range must be a pair of real numbers", name));
        checks.push_back(conditionCheck(lowering.binary(BinaryOp::Greater, first, last, loc),
                                        "range[0] > range[1]",
                                        "max must be larger than min in range parameter."));
        NodePtr finite =
            lowering.binary(BinaryOp::LogicalAnd, lowering.unary(UnaryOp::IsFinite, first, loc),
                            lowering.unary(UnaryOp::IsFinite, last, loc), loc);
        checks.push_back(conditionCheck(lowering.unary(UnaryOp::LogicalNot, finite, loc),
                                        "not isfinite(range)",
                                        "supplied range of [range[0], range[1]] is not finite"));
    } else {
        first = extreme(ReduceOp::Min, a, array::makeIntConstant(0, DType::Int64, true, loc), loc);
        last = extreme(ReduceOp::Max, a, array::makeIntConstant(1, DType::Int64, true, loc), loc);
        if (isFloat(at)) {
            NodePtr finite = array::makeBinary(
                BinaryOp::LogicalAnd, array::makeUnary(UnaryOp::IsFinite, first, DType::Bool, loc),
                array::makeUnary(UnaryOp::IsFinite, last, DType::Bool, loc), loc);
            checks.push_back(failsCheck(
                lowering, array::makeUnary(UnaryOp::LogicalNot, finite, DType::Bool, loc),
                "range_not_finite", "autodetected range of [a.min(), a.max()] is not finite", loc));
        }
        first = lowering.materialized(array::withName(first, "first_edge"), loc);
        last = lowering.materialized(array::withName(last, "last_edge"), loc);
    }
    PromotionType firstType{first->type.dtype, first->type.weak};
    PromotionType lastType{last->type.dtype, last->type.weak};
    NodePtr equal = lowering.binary(BinaryOp::Equal, first, last, loc);
    NodePtr half = array::makeFloatConstant(0.5, DType::Float64, true, loc);
    NodePtr first2 = lowering.binary(BinaryOp::Subtract, first, half, loc);
    NodePtr last2 = lowering.binary(BinaryOp::Add, last, half, loc);
    // The widened edges' dtype holds the unwidened ones too (int64 -> float64).
    NodePtr firstEdge =
        array::makeWhere(equal, first2, lowering.castTo(first, first2->type.dtype, loc), loc);
    NodePtr lastEdge =
        array::makeWhere(equal, last2, lowering.castTo(last, last2->type.dtype, loc), loc);
    firstEdge = array::makeCast(firstEdge, first2->type.dtype, first2->type.weak, loc);
    lastEdge = array::makeCast(lastEdge, last2->type.dtype, last2->type.weak, loc);

    // bin_type: result_type(first_edge, last_edge, a), float64 for integers.
    PromotionType bt = promote(promote(firstType, lastType), {at, false});
    DType binType = isFloat(bt.dtype) ? bt.dtype : DType::Float64;
    NodePtr count = array::makeDimValue(n, loc);
    NodePtr one = array::makeIntConstant(1, DType::Int64, false, loc);
    CallArgs space{
        "np.linspace",
        loc,
        {Value::array(firstEdge, loc), Value::array(lastEdge, loc),
         Value::array(array::makeBinary(BinaryOp::Add, count, one, loc), loc)},
        {{"dtype", Value{Value::String, nullptr, {}, {}, std::string(dtypeName(binType)), loc}}},
        {loc}};
    NodePtr edges = lowering.materialized(
        array::withName(callNumPy(lowering, "numpy.linspace", space).node, "bin_edges"), loc);
    NodePtr previous = sliceAlong(edges, 0, std::nullopt, -1, 1, loc);
    NodePtr next = sliceAlong(edges, 0, 1, std::nullopt, 1, loc);
    NodePtr collapsed = array::makeReduce(
        ReduceOp::Any, array::makeBinary(BinaryOp::GreaterEqual, previous, next, loc), {0}, false,
        loc);
    NodePtr tooMany = lowering.materialized(array::withName(collapsed, "too_many_bins"), loc);
    checks.push_back(shownCheck(
        dimValue(array::makeCast(tooMany, DType::Int64, loc), "too_many_bins"), dimConst(0), false,
        [&](std::vector<Dim> *shown) {
            return fmt::format("Too many bins for data range. Cannot create {} finite-sized bins.",
                               array::showExtent(n, shown));
        }));
    if (edgesOnly)
        return Value::array(array::withChecks(array::makeCopy(edges, loc), std::move(checks)), loc);

    // The fast path's bin of each element (its index, then one correction each way).
    const Shape &shape = a->type.shape;
    auto fill = [&](const NodePtr &v) { return array::makeBroadcast(v, shape, loc); };
    // Compared with the edges as given (a Python int range compares exactly with integer
    // data), or widened.
    auto within = [&](const NodePtr &lo, const NodePtr &hi) {
        return lowering.binary(BinaryOp::LogicalAnd,
                               lowering.binary(BinaryOp::GreaterEqual, a, lo, loc),
                               lowering.binary(BinaryOp::LessEqual, a, hi, loc), loc);
    };
    NodePtr keep = array::makeWhere(array::makeBroadcast(equal, a->type.shape, loc),
                                    within(first2, last2), within(first, last), loc);
    keep = array::withName(keep, "keep");
    NodePtr values = array::makeCast(a, binType, loc);
    // norm_denom: _unsigned_subtract(last_edge, first_edge) in their result type (an
    // unsigned difference for signed integers), a NumPy scalar.
    PromotionType dt = promote(firstType, lastType);
    NodePtr denom;
    if (isSignedInteger(dt.dtype)) {
        NodePtr unsignedSpan = array::makeCast(
            array::makeBinary(BinaryOp::Subtract, array::makeCast(last, dt.dtype, loc),
                              array::makeCast(first, dt.dtype, loc), loc),
            unsignedOf(dt.dtype), loc);
        denom = array::makeWhere(
            equal,
            array::makeCast(lowering.binary(BinaryOp::Subtract, lastEdge, firstEdge, loc),
                            DType::Float64, loc),
            array::makeCast(unsignedSpan, DType::Float64, loc), loc);
    } else {
        denom = lowering.binary(BinaryOp::Subtract, lastEdge, firstEdge, loc);
        denom = array::makeCast(denom, denom->type.dtype, false, loc); // a NumPy scalar
    }
    NodePtr offset = lowering.binary(BinaryOp::Subtract, values, firstEdge, loc);
    NodePtr scaled = lowering.binary(BinaryOp::Multiply,
                                     lowering.binary(BinaryOp::TrueDivide, offset, denom, loc),
                                     array::makeCast(count, DType::Int64, true, loc), loc);
    NodePtr zero = fill(array::makeIntConstant(0, DType::Int64, false, loc));
    NodePtr nBins = fill(count);
    NodePtr lastBin = fill(array::makeBinary(BinaryOp::Subtract, count, one, loc));
    NodePtr index = array::makeWhere(keep, array::makeCast(scaled, DType::Int64, loc), zero, loc);
    index = array::makeWhere(array::makeBinary(BinaryOp::Equal, index, nBins, loc), lastBin, index,
                             loc);
    index = array::withName(index, "index");
    auto edgeAt = [&](const NodePtr &i) {
        return array::makeGather(edges, {i}, {0}, 0, {-1}, loc);
    };
    NodePtr down = lowering.binary(BinaryOp::Less, values, edgeAt(index), loc);
    index = array::makeBinary(
        BinaryOp::Maximum,
        array::makeWhere(down, array::makeBinary(BinaryOp::Subtract, index, fill(one), loc), index,
                         loc),
        zero, loc);
    index = array::withName(index, "index");
    NodePtr up = array::makeBinary(
        BinaryOp::LogicalAnd,
        lowering.binary(BinaryOp::GreaterEqual, values,
                        edgeAt(array::makeBinary(BinaryOp::Add, index, fill(one), loc)), loc),
        array::makeBinary(BinaryOp::NotEqual, index, lastBin, loc), loc);
    index =
        array::makeWhere(up, array::makeBinary(BinaryOp::Add, index, fill(one), loc), index, loc);
    // Elements outside the range weigh 0: their bin (0) gains nothing.
    // The checks come before the counting loop (with no bins, it has none to count in).
    NodePtr counts = array::makeBincount(array::makeWhere(keep, index, zero, loc),
                                         array::makeCast(keep, DType::Float64, loc), n, loc);
    counts = array::makeCast(array::withChecks(counts, std::move(checks)), DType::Int64, loc);
    return histogramResult(lowering, counts, edges, density, loc);
}

} // namespace

const std::map<std::string, Handler> &histogramFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.histogram",
         [](ExprLowering &lowering, const CallArgs &args) {
             return histogramOf(lowering, args, false);
         }},
        {"numpy.histogram_bin_edges",
         [](ExprLowering &lowering, const CallArgs &args) {
             return histogramOf(lowering, args, true);
         }},
    };
    return table;
}

} // namespace npc::lowering
