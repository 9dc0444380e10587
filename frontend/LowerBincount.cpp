// numpy.bincount (numpy/_core/src/multiarray/compiled_base.c, arr_bincount): the number of
// occurrences of each non-negative int, or the sum of their weights, in bins 0 ... max(x)
// (at least minlength of them). The length depends on x's values: npc computes it into a
// variable first (the bins' extent), then counts in x's order.
#include "frontend/LowerContext.h"

#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::ReduceOp;

/// A 1-element int64 array holding scalar `v`.
NodePtr single(const NodePtr &v, SourceLoc loc) {
    return array::makeBroadcast(v, {dimConst(1)}, loc);
}

/// numpy.bincount(x, /, weights=None, minlength=0).
Value bincount(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true}, {"weights", false}, {"minlength", false}});
    NodePtr x = arrayArgument(lowering, *b[0], args, "x");
    requireOneDimensional(x, b[0]->loc);
    DType xt = x->type.dtype;
    if (!isInteger(xt) && !isBool(xt))
        throw UserError(b[0]->loc, fmt::format("Cannot cast array data from dtype('{}') to "
                                               "dtype('int64') according to the rule 'safe'",
                                               dtypeName(xt)));
    SourceLoc loc = args.loc;
    // x is read twice (its maximum, then its bins): one computed with a reduction is
    // computed once, so both reads agree.
    std::set<const array::Node *> seen;
    if (containsReduction(x, seen))
        x = lowering.materialized(array::withName(x, "x"), loc);
    if (xt != DType::Int64)
        x = array::makeCast(x, DType::Int64, loc);

    Dim minlength = dimConst(0);
    if (b[2] && b[2]->kind != Value::None)
        minlength = extentArgument(*b[2], args, "minlength", "'minlength' must not be negative");

    NodePtr weights;
    std::vector<array::ExtentCheck> checks;
    if (b[1] && b[1]->kind != Value::None) {
        weights = arrayArgument(lowering, *b[1], args, "weights");
        requireOneDimensional(weights, b[1]->loc);
        if (isComplex(weights->type.dtype))
            throw UserError(b[1]->loc, fmt::format("Cannot cast array data from dtype('{}') to "
                                                   "dtype('float64') according to the rule "
                                                   "'safe'",
                                                   dtypeName(weights->type.dtype)));
        if (weights->type.dtype != DType::Float64)
            weights = array::makeCast(weights, DType::Float64, loc);
        // NumPy compares the lengths only when x is not empty.
        static const char *kMessage = "The weights and list don't have the same length.";
        const Dim &n = x->type.shape[0];
        const Dim &w = weights->type.shape[0];
        if (dimConstValue(n) && dimConstValue(w)) {
            if (*dimConstValue(n) != 0 && *dimConstValue(n) != *dimConstValue(w))
                throw UserError(b[1]->loc, kMessage);
        } else if (!dimEqual(n, w)) {
            NodePtr length = array::makeDimValue(n, loc);
            NodePtr zero = array::makeIntConstant(0, DType::Int64, false, loc);
            NodePtr fails = array::makeBinary(
                BinaryOp::LogicalAnd, array::makeBinary(BinaryOp::NotEqual, length, zero, loc),
                array::makeBinary(BinaryOp::NotEqual, array::makeDimValue(w, loc), length, loc),
                loc);
            checks.push_back(
                conditionCheck(fails, "len(x) != 0 and len(weights) != len(x)", kMessage));
        }
    }

    // The bins' extent: max(x) + 1, at least minlength; -1 (NumPy's ValueError) when x has
    // a negative element. Each reduction reads x and one more element, so that an empty x
    // gives minlength.
    NodePtr minimum = array::makeReduce(
        ReduceOp::Min,
        array::makeConcat({x, single(array::makeIntConstant(0, DType::Int64, false, loc), loc)}, 0,
                          {}, loc),
        {0}, false, loc);
    NodePtr one = array::makeIntConstant(1, DType::Int64, false, loc);
    NodePtr maximum = array::makeReduce(
        ReduceOp::Max,
        array::makeConcat({array::makeBinary(BinaryOp::Add, x,
                                             array::makeBroadcast(one, x->type.shape, loc), loc),
                           single(array::makeDimValue(minlength, loc), loc)},
                          0, {}, loc),
        {0}, false, loc);
    NodePtr negative = array::makeBinary(BinaryOp::Less, minimum,
                                         array::makeIntConstant(0, DType::Int64, false, loc), loc);
    NodePtr bins = array::makeWhere(negative, array::makeIntConstant(-1, DType::Int64, false, loc),
                                    maximum, loc);
    bins = lowering.materialized(array::withName(bins, "bins"), loc);
    Dim length = dimNonNegative(dimValue(bins, "len(bincount)"),
                                "'list' argument must have no negative elements");
    NodePtr counts = array::makeBincount(x, weights, length, loc);
    return Value::array(array::withChecks(counts, std::move(checks)), loc);
}

} // namespace

const std::map<std::string, Handler> &bincountFunctions() {
    static const std::map<std::string, Handler> table = {{"numpy.bincount", bincount}};
    return table;
}

} // namespace npc::lowering
