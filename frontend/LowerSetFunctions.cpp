// NumPy's set operations on 1-D arrays (numpy/lib/_arraysetops_impl.py), built as NumPy
// writes them from np.unique, np.concatenate, a sort and masks: np.union1d, np.intersect1d,
// np.setdiff1d, np.setxor1d; and np.ediff1d. The results' lengths are known only at run
// time (counted first, as for `x[mask]`).
#include "frontend/LowerContext.h"

#include "frontend/StatementAnalysis.h"

#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;

/// np.unique(v) of an argument (`what` names it), or v raveled when `assumeUnique`.
NodePtr uniqueOf(ExprLowering &lowering, const Value &v, bool assumeUnique, const CallArgs &args,
                 const char *what) {
    NodePtr x = asArray(lowering, v, args, what);
    if (assumeUnique)
        return raveled(lowering, x, args.loc);
    return callNumPy(lowering, "numpy.unique",
                     CallArgs{"np.unique", args.loc, {Value::array(x, args.loc)}, {}, {}})
        .node;
}

/// np.concatenate((a, b)) of two 1-D arrays (NEP 50's promotion of the two).
NodePtr joined(ExprLowering &lowering, const NodePtr &a, const NodePtr &b, SourceLoc loc) {
    Value parts;
    parts.kind = Value::Tuple;
    parts.loc = loc;
    parts.elements = {Value::array(a, loc), Value::array(b, loc)};
    return callNumPy(lowering, "numpy.concatenate",
                     CallArgs{"np.concatenate", loc, {parts}, {}, {}})
        .node;
}

/// numpy.union1d(ar1, ar2): np.unique(np.concatenate((ar1, ar2), axis=None)).
Value union1d(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"ar1", true}, {"ar2", true}});
    NodePtr a = raveled(lowering, asArray(lowering, *b[0], args, "ar1"), args.loc);
    NodePtr c = raveled(lowering, asArray(lowering, *b[1], args, "ar2"), args.loc);
    return callNumPy(lowering, "numpy.unique",
                     CallArgs{"np.unique",
                              args.loc,
                              {Value::array(joined(lowering, a, c, args.loc), args.loc)},
                              {},
                              {}});
}

/// numpy.intersect1d(ar1, ar2, assume_unique=False, return_indices=False): the sorted
/// values of both uniques joined that equal their successor (`aux[:-1][aux[1:] ==
/// aux[:-1]]`; a NaN is in no intersection). return_indices=True is a located error.
Value intersect1d(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(
        args, {{"ar1", true}, {"ar2", true}, {"assume_unique", false}, {"return_indices", false}});
    bool assumeUnique = boolFlag(b[2], false, args, "assume_unique");
    if (boolFlag(b[3], false, args, "return_indices"))
        throw UserError(b[3]->loc, "np.intersect1d(return_indices=True) is not supported by npc "
                                   "yet");
    SourceLoc loc = args.loc;
    NodePtr aux = joined(lowering, uniqueOf(lowering, *b[0], assumeUnique, args, "ar1"),
                         uniqueOf(lowering, *b[1], assumeUnique, args, "ar2"), loc);
    aux = lowering.materialized(array::makeSort(aux, 0, false, loc), loc);
    NodePtr before = sliceAlong(aux, 0, std::nullopt, -1, 1, loc);
    NodePtr mask =
        lowering.binary(BinaryOp::Equal, sliceAlong(aux, 0, 1, std::nullopt, 1, loc), before, loc);
    return Value::array(array::withName(lowering.indexWithMask(before, mask, loc), "intersect1d"),
                        loc);
}

/// numpy.setdiff1d(ar1, ar2, assume_unique=False): the unique values of ar1 not in ar2
/// (np.isin with invert=True), in ar1's dtype.
Value setdiff1d(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"ar1", true}, {"ar2", true}, {"assume_unique", false}});
    bool assumeUnique = boolFlag(b[2], false, args, "assume_unique");
    SourceLoc loc = args.loc;
    NodePtr a = lowering.materialized(uniqueOf(lowering, *b[0], assumeUnique, args, "ar1"), loc);
    NodePtr c = uniqueOf(lowering, *b[1], assumeUnique, args, "ar2");
    NodePtr keep =
        callNumPy(
            lowering, "numpy.isin",
            CallArgs{
                "np.isin",
                loc,
                {Value::array(a, loc), Value::array(c, loc)},
                {{"invert", Value::array(array::makeIntConstant(1, DType::Bool, false, loc), loc)}},
                {loc}})
            .node;
    return Value::array(array::withName(lowering.indexWithMask(a, keep, loc), "setdiff1d"), loc);
}

/// numpy.setxor1d(ar1, ar2, assume_unique=False): the sorted values of both uniques joined
/// that differ from both neighbours (NumPy's `flag[1:] & flag[:-1]`; NaNs, unequal to
/// themselves, are kept).
Value setxor1d(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"ar1", true}, {"ar2", true}, {"assume_unique", false}});
    bool assumeUnique = boolFlag(b[2], false, args, "assume_unique");
    SourceLoc loc = args.loc;
    NodePtr aux = joined(lowering, uniqueOf(lowering, *b[0], assumeUnique, args, "ar1"),
                         uniqueOf(lowering, *b[1], assumeUnique, args, "ar2"), loc);
    aux = lowering.materialized(array::makeSort(aux, 0, false, loc), loc);
    // Element i against i - 1 and i + 1 (itself at the ends, where the flag is true).
    const Shape &shape = aux->type.shape;
    NodePtr i = array::makeIota(shape, 0, loc);
    auto constant = [&](int64_t v) { return array::makeIntConstant(v, DType::Int64, false, loc); };
    NodePtr last =
        lowering.binary(BinaryOp::Subtract, array::makeDimValue(shape[0], loc), constant(1), loc);
    NodePtr previous =
        lowering.binary(BinaryOp::Maximum, lowering.binary(BinaryOp::Subtract, i, constant(1), loc),
                        constant(0), loc);
    NodePtr next = lowering.binary(BinaryOp::Minimum,
                                   lowering.binary(BinaryOp::Add, i, constant(1), loc), last, loc);
    auto differs = [&](const NodePtr &index, const NodePtr &end) {
        NodePtr other = lowering.indexWithArrays(aux, {index}, loc);
        return lowering.binary(BinaryOp::LogicalOr, lowering.binary(BinaryOp::Equal, i, end, loc),
                               lowering.binary(BinaryOp::NotEqual, aux, other, loc), loc);
    };
    NodePtr keep = lowering.binary(BinaryOp::LogicalAnd, differs(previous, constant(0)),
                                   differs(next, last), loc);
    return Value::array(array::withName(lowering.indexWithMask(aux, keep, loc), "setxor1d"), loc);
}

/// numpy.ediff1d(ary, to_end=None, to_begin=None): the differences of ary raveled
/// (`ary[1:] - ary[:-1]`, in ary's dtype), with to_begin before and to_end after them (each
/// raveled and cast to ary's dtype; NumPy's TypeError unless that is a same_kind cast).
Value ediff1d(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"ary", true}, {"to_end", false}, {"to_begin", false}});
    SourceLoc loc = args.loc;
    NodePtr x = raveled(lowering, asArray(lowering, *b[0], args, "ary"), loc);
    NodePtr differences =
        lowering.binary(BinaryOp::Subtract, sliceAlong(x, 0, 1, std::nullopt, 1, loc),
                        sliceAlong(x, 0, std::nullopt, -1, 1, loc), loc);
    DType t = x->type.dtype;
    auto part = [&](const std::optional<Value> &v, const char *what) -> NodePtr {
        if (!v || v->kind == Value::None)
            return nullptr;
        NodePtr p = raveled(lowering, asArray(lowering, *v, args, what), loc);
        if (!canCastSameKind(p->type.dtype, t))
            throw UserError(v->loc, fmt::format("dtype of `{}` must be compatible with input "
                                                "`ary` under the `same_kind` rule.",
                                                what));
        return array::makeCast(p, t, false, loc);
    };
    NodePtr begin = part(b[2], "to_begin");
    NodePtr end = part(b[1], "to_end");
    if (!begin && !end)
        return Value::array(differences, loc);
    std::vector<NodePtr> parts;
    for (const NodePtr &p : {begin, array::makeCast(differences, t, false, loc), end})
        if (p)
            parts.push_back(p);
    return Value::array(array::withName(array::makeConcat(std::move(parts), 0, {}, loc), "ediff1d"),
                        loc);
}

} // namespace

const std::map<std::string, Handler> &setFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.union1d", union1d},     {"numpy.intersect1d", intersect1d},
        {"numpy.setdiff1d", setdiff1d}, {"numpy.setxor1d", setxor1d},
        {"numpy.ediff1d", ediff1d},
    };
    return table;
}

} // namespace npc::lowering
