// The NaN-ignoring functions (numpy/lib/_nanfunctions_impl.py), as NumPy writes them:
// the array with its NaNs replaced (_replace_nan), then the plain function: np.nansum,
// np.nanprod, np.nanmean, np.nanmax and np.nanmin.
#include "frontend/LowerContext.h"

#include <fmt/format.h>
#include <limits>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::UnaryOp;

/// `a` with its NaNs replaced by `fill` (numpy.lib._nanfunctions_impl._replace_nan), for
/// float arrays; null for others, which have no NaN.
NodePtr replaceNaN(ExprLowering &lowering, const NodePtr &a, double fill, SourceLoc loc) {
    if (!isInexact(a->type.dtype))
        return nullptr;
    if (isComplex(a->type.dtype))
        throw UserError(loc, "npc's NaN-ignoring functions take real numbers only");
    NodePtr value = array::makeFloatConstant(fill, a->type.dtype, false, loc);
    return array::makeWhere(lowering.unary(UnaryOp::IsNan, a, loc),
                            array::makeBroadcast(value, a->type.shape, loc), a, loc);
}

/// numpy.nansum / numpy.nanprod: numpy.sum / numpy.prod of `a` with NaNs as 0 / 1.
Handler nanSumProd(bool product) {
    return [product](ExprLowering &lowering, const CallArgs &args) {
        std::vector<const char *> names = {"axis", "dtype", "keepdims"};
        auto b = bindReduction(args, names);
        NodePtr a = requireArray(b[0], args, "a");
        NodePtr replaced = replaceNaN(lowering, a, product ? 1.0 : 0.0, args.loc);
        return callNumPy(lowering, product ? "numpy.prod" : "numpy.sum",
                         forwarded(args, replaced ? replaced : a, b, names));
    };
}

/// numpy.nanmean: the sum of the non-NaN elements over their count (an all-NaN slice gives
/// NaN), divided as NumPy's _divide_by_count does (in float64, cast to the sum's dtype).
Value nanmean(ExprLowering &lowering, const CallArgs &args) {
    std::vector<const char *> names = {"axis", "dtype", "keepdims"};
    auto b = bindReduction(args, names);
    NodePtr a = requireArray(b[0], args, "a");
    NodePtr replaced = replaceNaN(lowering, a, 0.0, args.loc);
    if (!replaced)
        return callNumPy(lowering, "numpy.mean", forwarded(args, a, b, names));
    NodePtr total = callNumPy(lowering, "numpy.sum", forwarded(args, replaced, b, names)).node;
    NodePtr present = array::makeCast(
        lowering.unary(UnaryOp::LogicalNot, lowering.unary(UnaryOp::IsNan, a, args.loc), args.loc),
        DType::Int64, args.loc);
    std::vector<std::optional<Value>> counted = {b[0], b[1], std::nullopt, b[3]};
    NodePtr count = callNumPy(lowering, "numpy.sum", forwarded(args, present, counted, names)).node;
    NodePtr mean = lowering.binary(BinaryOp::TrueDivide, total, count, args.loc);
    return Value::array(array::makeCast(mean, total->type.dtype, false, args.loc), args.loc);
}

/// numpy.nanmax / numpy.nanmin: for floats numpy.fmax.reduce / fmin.reduce, the extremum
/// of the non-NaN elements, NaN for an all-NaN slice; numpy.max / numpy.min otherwise.
Handler nanExtremum(bool maximum) {
    return [maximum](ExprLowering &lowering, const CallArgs &args) {
        std::vector<const char *> names = {"axis", "keepdims"};
        auto b = bindReduction(args, names);
        NodePtr a = requireArray(b[0], args, "a");
        double inf = std::numeric_limits<double>::infinity();
        NodePtr replaced = replaceNaN(lowering, a, maximum ? -inf : inf, args.loc);
        const char *plain = maximum ? "numpy.max" : "numpy.min";
        if (!replaced)
            return callNumPy(lowering, plain, forwarded(args, a, b, names));
        NodePtr extremum = callNumPy(lowering, plain, forwarded(args, replaced, b, names)).node;
        NodePtr allNaN =
            callNumPy(lowering, "numpy.all",
                      forwarded(args, lowering.unary(UnaryOp::IsNan, a, args.loc), b, names))
                .node;
        NodePtr nan = filled(std::numeric_limits<double>::quiet_NaN(), a->type.dtype,
                             extremum->type.shape, args.loc);
        return Value::array(array::makeWhere(allNaN, nan, extremum, args.loc), args.loc);
    };
}

} // namespace

const std::map<std::string, Handler> &nanFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.nansum", nanSumProd(false)},  {"numpy.nanprod", nanSumProd(true)},
        {"numpy.nanmean", nanmean},           {"numpy.nanmax", nanExtremum(true)},
        {"numpy.nanmin", nanExtremum(false)},
    };
    return table;
}

} // namespace npc::lowering
