// Functions whose result length depends on the data (numpy/lib/_arraysetops_impl.py,
// numpy/_core/fromnumeric.py, numpy/_core/numeric.py): np.unique (sorted, then a mask of
// the first of each run of equal values), np.nonzero, np.flatnonzero and np.argwhere (the
// true positions of `a != 0`), all built on the mask indexing of `x[mask]`.
#include "frontend/LowerContext.h"

#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::UnaryOp;

NodePtr i64(int64_t k, SourceLoc loc) {
    return array::makeIntConstant(k, DType::Int64, false, loc);
}

/// Element max(i + delta, 0) of the 1-D `x` for each of its positions i (x[i - 1] with
/// delta -1; position 0 reads itself).
NodePtr shifted(ExprLowering &lowering, const NodePtr &x, int64_t delta, const NodePtr &last,
                SourceLoc loc) {
    NodePtr at = lowering.binary(BinaryOp::Add, array::makeIota(x->type.shape, 0, loc),
                                 i64(delta, loc), loc);
    at = lowering.binary(BinaryOp::Maximum, at, i64(0, loc), loc);
    if (last)
        at = lowering.binary(BinaryOp::Minimum, at, last, loc);
    return array::makeGather(x, {at}, {0}, 0, {-1}, loc);
}

/// numpy.unique(ar, return_index=False, return_inverse=False, return_counts=False,
/// axis=None, equal_nan=True): the sorted distinct values of the flattened array (NaNs,
/// sorted last, collapsed into one with equal_nan), with the int64 positions of their
/// first occurrences (return_index: a stable argsort, as NumPy's mergesort) and their
/// counts (return_counts), the positions of the input's elements in the result, in the
/// input's shape (return_inverse, as NumPy 2). axis is not supported; nor complex values.
Value unique(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"ar", true},
                         {"return_index", false},
                         {"return_inverse", false},
                         {"return_counts", false},
                         {"axis", false},
                         {"equal_nan", false}});
    SourceLoc loc = args.loc;
    bool withIndex = boolFlag(b[1], false, args, "return_index");
    bool withInverse = boolFlag(b[2], false, args, "return_inverse");
    bool withCounts = boolFlag(b[3], false, args, "return_counts");
    if (b[4] && b[4]->kind != Value::None)
        throw UserError(b[4]->loc, "np.unique(): axis= is not supported by npc yet (the "
                                   "flattened array's values only)");
    bool equalNan = boolFlag(b[5], true, args, "equal_nan");
    NodePtr x = asArray(lowering, *b[0], args, "ar");
    if (isComplex(x->type.dtype))
        throw UserError(b[0]->loc, "np.unique() of complex values is not supported by npc yet");
    if (withInverse && !withIndex && !equalNan && isFloat(x->type.dtype))
        throw UserError(b[5]->loc, "np.unique(): return_inverse with equal_nan=False is not "
                                   "supported by npc for floats: NumPy numbers the NaNs in the "
                                   "order of its unstable sort (with return_index=True it sorts "
                                   "stably, as npc does)");
    NodePtr flat = raveled(lowering, x, loc);
    NodePtr order, sorted;
    if (withIndex || withInverse) {
        order = lowering.materialized(array::makeSort(flat, 0, true, loc), loc);
        sorted = lowering.materialized(array::makeGather(flat, {order}, {0}, 0, {-1}, loc), loc);
    } else {
        sorted = lowering.materialized(array::makeSort(flat, 0, false, loc), loc);
    }
    // keep[i]: i == 0 or sorted[i] != sorted[i - 1] (two NaNs are equal with equal_nan).
    NodePtr previous = shifted(lowering, sorted, -1, nullptr, loc);
    NodePtr differs = lowering.binary(BinaryOp::NotEqual, sorted, previous, loc);
    if (equalNan && isFloat(sorted->type.dtype)) {
        NodePtr bothNan =
            lowering.binary(BinaryOp::LogicalAnd, lowering.unary(UnaryOp::IsNan, sorted, loc),
                            lowering.unary(UnaryOp::IsNan, previous, loc), loc);
        differs = lowering.binary(BinaryOp::LogicalAnd, differs,
                                  lowering.unary(UnaryOp::LogicalNot, bothNan, loc), loc);
    }
    NodePtr first = lowering.binary(BinaryOp::Equal, array::makeIota(sorted->type.shape, 0, loc),
                                    i64(0, loc), loc);
    NodePtr keep = lowering.materialized(
        array::withName(lowering.binary(BinaryOp::LogicalOr, first, differs, loc), "keep"), loc);
    std::vector<NodePtr> out{array::withName(lowering.indexWithMask(sorted, keep, loc), "unique")};
    if (withIndex)
        out.push_back(array::withName(lowering.indexWithMask(order, keep, loc), "first_index"));
    if (withInverse) {
        // Each sorted element's unique value is the number of runs started up to it, less
        // one; the inverse permutation of `order` puts those back in the input's order, and
        // shape (NumPy 2).
        NodePtr runs = callNumPy(lowering, "numpy.cumsum",
                                 CallArgs{"np.cumsum", loc, {Value::array(keep, loc)}, {}, {}})
                           .node;
        NodePtr value =
            lowering.materialized(lowering.binary(BinaryOp::Subtract, runs, i64(1, loc), loc), loc);
        NodePtr position = array::makeSort(order, 0, true, loc);
        NodePtr inverse = array::makeGather(value, {position}, {0}, 0, {-1}, loc);
        out.push_back(
            array::withName(array::makeReshape(inverse, x->type.shape, {}, loc), "inverse"));
    }
    if (withCounts) {
        // Each run's length: the next run's start (n after the last) minus its own.
        NodePtr starts = lowering.materialized(
            lowering.indexWithMask(array::makeIota(sorted->type.shape, 0, loc), keep, loc), loc);
        NodePtr count = array::makeCast(array::makeDimValue(starts->type.shape[0], loc),
                                        DType::Int64, false, loc);
        NodePtr n = array::makeCast(array::makeDimValue(sorted->type.shape[0], loc), DType::Int64,
                                    false, loc);
        NodePtr last = lowering.binary(BinaryOp::Subtract, count, i64(1, loc), loc);
        NodePtr next = shifted(lowering, starts, 1, last, loc);
        NodePtr isLast = lowering.binary(
            BinaryOp::Equal,
            lowering.binary(BinaryOp::Add, array::makeIota(starts->type.shape, 0, loc), i64(1, loc),
                            loc),
            count, loc);
        next =
            array::makeWhere(isLast, array::makeBroadcast(n, starts->type.shape, loc), next, loc);
        out.push_back(
            array::withName(lowering.binary(BinaryOp::Subtract, next, starts, loc), "counts"));
    }
    if (out.size() == 1)
        return Value::array(out[0], loc);
    return arrayTuple(std::move(out), loc);
}

/// The int64 indices along each axis of the non-zero elements of `a` (rank >= 1), in C
/// order: numpy.nonzero's arrays.
std::vector<NodePtr> nonzeroIndices(ExprLowering &lowering, const NodePtr &a, SourceLoc loc) {
    NodePtr mask = lowering.materialized(
        array::withName(array::makeCast(a, DType::Bool, loc), "nonzero_mask"), loc);
    std::vector<NodePtr> out;
    for (int k = 0; k < a->type.rank(); ++k)
        out.push_back(lowering.indexWithMask(array::makeIota(a->type.shape, k, loc), mask, loc));
    return out;
}

NodePtr nonzeroOperand(ExprLowering &lowering, const Value &v, const CallArgs &args,
                       const char *message) {
    NodePtr a = arrayArgument(lowering, v, args, "a");
    if (a->type.rank() == 0)
        throw UserError(v.loc, message);
    return a;
}

/// numpy.nonzero(a) and ndarray.nonzero(): a tuple of int64 index arrays, one per axis.
/// NumPy 2's ValueError for a 0-d array.
Value nonzero(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}});
    NodePtr a = nonzeroOperand(lowering, *b[0], args,
                               "Calling nonzero on 0d arrays is not allowed. Use "
                               "np.atleast_1d(scalar).nonzero() instead.");
    std::vector<NodePtr> parts = nonzeroIndices(lowering, a, args.loc);
    for (NodePtr &p : parts)
        p = array::withName(p, "nonzero");
    return arrayTuple(std::move(parts), args.loc);
}

/// numpy.flatnonzero(a): the int64 positions of the non-zero elements of a.ravel().
Value flatnonzero(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}});
    NodePtr flat = raveled(lowering, asArray(lowering, *b[0], args, "a"), args.loc);
    return Value::array(array::withName(nonzeroIndices(lowering, flat, args.loc)[0], "positions"),
                        args.loc);
}

/// numpy.argwhere(a): the int64 indices of the non-zero elements, one row each (shape
/// (N, a.ndim)). A 0-d array is not supported.
Value argwhere(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}});
    NodePtr a = nonzeroOperand(lowering, *b[0], args,
                               "np.argwhere() of a 0-d array is not supported by npc");
    std::vector<NodePtr> columns;
    for (const NodePtr &index : nonzeroIndices(lowering, a, args.loc))
        columns.push_back(array::makeView(
            index, {array::ViewEntry::all(), array::ViewEntry::newAxis()}, args.loc));
    return Value::array(
        array::withName(array::makeConcat(std::move(columns), 1, {}, args.loc), "indices"),
        args.loc);
}

} // namespace

const std::map<std::string, Handler> &selectionFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.unique", unique},     {"numpy.nonzero", nonzero},
        {"ndarray.nonzero", nonzero}, {"numpy.flatnonzero", flatnonzero},
        {"numpy.argwhere", argwhere},
    };
    return table;
}

} // namespace npc::lowering
