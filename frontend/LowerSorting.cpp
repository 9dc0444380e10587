// numpy.sort, numpy.argsort (and ndarray.argsort) and numpy.median, built on the array
// IR's Sort (a stable merge sort along one axis, NaNs last, as NumPy orders them).
#include "frontend/LowerContext.h"

#include <fmt/format.h>
#include <limits>

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
    if (b[4] && !(b[4]->kind == Value::None ||
                  (b[4]->kind == Value::Array && b[4]->node->kind == array::NodeKind::Constant &&
                   isBool(b[4]->node->type.dtype))))
        throw UserError(b[4]->loc,
                        fmt::format("{}(): stable must be True, False or None", args.function));
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

/// ndarray.sort() sorts in place and returns None.
Value sortInPlace(ExprLowering &, const CallArgs &args) {
    throw UserError(args.loc, "ndarray.sort() (in place) is not supported by npc yet; write "
                              "`a[...] = np.sort(a)` or use the sorted copy np.sort(a)");
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
    std::optional<Value> axisArg = b[1];
    if (!axisArg) {
        Value none;
        none.kind = Value::None;
        none.loc = args.loc;
        axisArg = none;
    }
    auto [x, axis] = sortedOperand(lowering, b[0], axisArg, args);
    bool keepdims = keepdimsFlag(b[4], args);
    SourceLoc loc = args.loc;
    DType t = isInexact(x->type.dtype) ? x->type.dtype : DType::Float64;
    NodePtr sorted = lowering.castTo(array::makeSort(x, axis, false, loc), t, loc);
    // A NaN after the values: an empty line reads it as its median, as NumPy gives NaN.
    Shape padShape = sorted->type.shape;
    padShape[static_cast<size_t>(axis)] = dimConst(1);
    NodePtr nan = array::makeBroadcast(
        array::makeFloatConstant(std::numeric_limits<double>::quiet_NaN(), t, false, loc), padShape,
        loc);
    NodePtr padded = array::makeConcat({sorted, nan}, axis, {}, loc);
    const Dim &n = x->type.shape[static_cast<size_t>(axis)];
    NodePtr count = array::makeDimValue(n, loc);
    auto position = [&](BinaryOp op, int64_t minus, int64_t floor) {
        NodePtr k = lowering.binary(BinaryOp::Subtract, count,
                                    array::makeIntConstant(minus, DType::Int64, false, loc), loc);
        if (op == BinaryOp::FloorDivide)
            k = lowering.binary(op, k, array::makeIntConstant(2, DType::Int64, false, loc), loc);
        return lowering.materialized(
            lowering.binary(BinaryOp::Maximum, k,
                            array::makeIntConstant(floor, DType::Int64, false, loc), loc),
            loc);
    };
    NodePtr loIndex = position(BinaryOp::FloorDivide, 1, 0);
    NodePtr hiIndex = lowering.materialized(
        lowering.binary(BinaryOp::FloorDivide, count,
                        array::makeIntConstant(2, DType::Int64, false, loc), loc),
        loc);
    NodePtr lastIndex = position(BinaryOp::Subtract, 1, 0);
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
    NodePtr nanResult = array::makeBroadcast(
        array::makeFloatConstant(std::numeric_limits<double>::quiet_NaN(), t, false, loc),
        lo->type.shape, loc);
    NodePtr result =
        array::makeWhere(lowering.unary(UnaryOp::IsNan, last, loc), nanResult, middle, loc);
    if (keepdims) {
        bool whole = axisArg->kind == Value::None;
        int rank = whole ? requireArray(b[0], args, "a")->type.rank() : x->type.rank();
        std::vector<array::ViewEntry> entries;
        for (int i = 0; i < rank; ++i)
            entries.push_back(whole || i == axis ? array::ViewEntry::newAxis()
                                                 : array::ViewEntry::all());
        result = array::makeView(result, std::move(entries), loc);
    }
    return Value::array(array::withName(result, "median"), loc);
}

} // namespace

const std::map<std::string, Handler> &sortingFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.sort", sortFunction(false)},
        {"numpy.argsort", sortFunction(true)},
        {"ndarray.argsort", sortFunction(true)},
        {"ndarray.sort", sortInPlace},
        {"numpy.median", median},
    };
    return table;
}

} // namespace npc::lowering
