// The NaN-ignoring functions (numpy/lib/_nanfunctions_impl.py), as NumPy writes them:
// the array with its NaNs replaced (_replace_nan), then the plain function: np.nansum,
// np.nanprod, np.nanmean, np.nanmax, np.nanmin, np.nanargmin, np.nanargmax, np.nancumsum,
// np.nancumprod, np.nanvar and np.nanstd. (np.nanmedian, np.nanquantile and
// np.nanpercentile are with the sorts, in LowerSorting.cpp.)
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

/// numpy.nanargmin / numpy.nanargmax(a, axis=None, out=None, *, keepdims=False):
/// numpy.argmin / argmax of `a` with NaNs as +inf / -inf, and NumPy's ValueError "All-NaN
/// slice encountered" (on entry) where a non-empty `a` has a slice of NaNs only.
Handler nanArgExtremum(bool maximum) {
    return [maximum](ExprLowering &lowering, const CallArgs &args) {
        std::vector<const char *> names = {"axis", "keepdims"};
        auto b = bindReduction(args, names);
        NodePtr a = requireArray(b[0], args, "a");
        double inf = std::numeric_limits<double>::infinity();
        NodePtr replaced = replaceNaN(lowering, a, maximum ? -inf : inf, args.loc);
        const char *plain = maximum ? "numpy.argmax" : "numpy.argmin";
        if (!replaced)
            return callNumPy(lowering, plain, forwarded(args, a, b, names));
        SourceLoc loc = args.loc;
        NodePtr result = callNumPy(lowering, plain, forwarded(args, replaced, b, names)).node;
        // NumPy: `np.all(isnan(a), axis=axis)` anywhere, when `a` has elements at all.
        NodePtr nan = lowering.unary(UnaryOp::IsNan, a, loc);
        std::vector<int> axes = normalizeAxes(b[1], a->type.rank(), args);
        NodePtr allNaN = array::makeReduce(array::ReduceOp::All, nan, axes, false, loc);
        std::vector<int> rest(static_cast<size_t>(allNaN->type.rank()));
        for (size_t i = 0; i < rest.size(); ++i)
            rest[i] = static_cast<int>(i);
        NodePtr any = rest.empty()
                          ? allNaN
                          : array::makeReduce(array::ReduceOp::Any, allNaN, rest, false, loc);
        NodePtr size = array::makeIntConstant(1, DType::Int64, false, loc);
        for (const Dim &d : a->type.shape)
            size = lowering.binary(BinaryOp::Multiply, size, array::makeDimValue(d, loc), loc);
        NodePtr fails = lowering.binary(
            BinaryOp::LogicalAnd, any,
            lowering.binary(BinaryOp::Greater, size,
                            array::makeIntConstant(0, DType::Int64, false, loc), loc),
            loc);
        const char *message = "All-NaN slice encountered";
        NodePtr flag = lowering.materialized(array::makeCast(fails, DType::Int64, false, loc), loc);
        return Value::array(
            array::withChecks(result, {{dimValue(flag, message), dimConst(0), false, message}}),
            loc);
    };
}

/// numpy.nancumsum / numpy.nancumprod(a, axis=None, dtype=None, out=None): numpy.cumsum /
/// cumprod of `a` with NaNs as 0 / 1.
Handler nanScan(bool product) {
    return [product](ExprLowering &lowering, const CallArgs &args) {
        std::vector<const char *> names = {"axis", "dtype", "out"};
        auto b = bind(args, {{"a", true}, {"axis", false}, {"dtype", false}, {"out", false}});
        rejectArgument(b[3], "out", args);
        NodePtr a = requireArray(b[0], args, "a");
        NodePtr replaced = replaceNaN(lowering, a, product ? 1.0 : 0.0, args.loc);
        return callNumPy(lowering, product ? "numpy.cumprod" : "numpy.cumsum",
                         forwarded(args, replaced ? replaced : a, b, {"axis", "dtype"}));
    };
}

/// numpy.nanvar / numpy.nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False,
/// *, correction): as NumPy's nanvar computes it: the count of non-NaN values (int64)
/// and their sum (in `dtype`) kept along the axes, the mean their quotient (divided as
/// _divide_by_count, in float64, cast back), the deviations with NaNs as 0, squared and
/// summed, divided by `count - ddof`; NaN where that is not positive (and for an all-NaN
/// slice). numpy.var / std for integers and bools. nanstd is the square root.
Handler nanVariance(bool stddev) {
    return [stddev](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"a", true},
                             {"axis", false},
                             {"dtype", false},
                             {"out", false},
                             {"ddof", false},
                             {"keepdims", false},
                             {"correction", false}});
        rejectArgument(b[3], "out", args);
        NodePtr a = requireArray(b[0], args, "a");
        NodePtr arr = replaceNaN(lowering, a, 0.0, args.loc);
        std::optional<Value> ddof = b[4];
        if (b[6] && b[6]->kind != Value::None) {
            if (ddof && !(constantInt(*ddof) && *constantInt(*ddof) == 0))
                throw UserError(b[6]->loc, "ddof and correction can't be provided "
                                           "simultaneously.");
            ddof = b[6];
        }
        if (!arr) {
            std::vector<const char *> names = {"axis", "dtype", "ddof", "keepdims"};
            std::vector<std::optional<Value>> plain = {b[0], b[1], b[2], ddof, b[5]};
            return callNumPy(lowering, stddev ? "numpy.std" : "numpy.var",
                             forwarded(args, a, plain, names));
        }
        SourceLoc loc = args.loc;
        if (b[2] && b[2]->kind != Value::None) {
            std::optional<DType> t = dtypeOfValue(*b[2]);
            if (t && !isInexact(*t))
                throw UserError(b[2]->loc, "If a is inexact, then dtype must be inexact");
        }
        Value kept = Value::array(array::makeIntConstant(1, DType::Bool, false, loc), loc);
        auto sum = [&](const NodePtr &v, std::optional<Value> dtype, std::optional<Value> keep) {
            std::vector<std::optional<Value>> bound = {std::nullopt, b[1], std::move(dtype),
                                                       std::move(keep)};
            return callNumPy(lowering, "numpy.sum",
                             forwarded(args, v, bound, {"axis", "dtype", "keepdims"}))
                .node;
        };
        NodePtr mask = lowering.unary(UnaryOp::IsNan, a, loc);
        NodePtr present =
            array::makeCast(lowering.unary(UnaryOp::LogicalNot, mask, loc), DType::Int64, loc);
        // _divide_by_count: the quotient in float64 (an int64 count), cast to x's dtype.
        auto divided = [&](const NodePtr &x, const NodePtr &count) {
            return array::makeCast(lowering.binary(BinaryOp::TrueDivide, x, count, loc),
                                   x->type.dtype, false, loc);
        };
        NodePtr count = sum(present, std::nullopt, kept);
        NodePtr mean = divided(sum(arr, b[2], kept), count);
        NodePtr deviation = array::makeCast(lowering.binary(BinaryOp::Subtract, arr, mean, loc),
                                            a->type.dtype, false, loc);
        deviation =
            array::makeWhere(mask, filled(0.0, a->type.dtype, a->type.shape, loc), deviation, loc);
        NodePtr squares = lowering.binary(BinaryOp::Multiply, deviation, deviation, loc);
        NodePtr total = sum(squares, b[2], b[5]);
        NodePtr dof = sum(present, std::nullopt, b[5]);
        if (ddof && ddof->kind != Value::None)
            dof = lowering.binary(BinaryOp::Subtract, dof, requireArray(ddof, args, "ddof"), loc);
        NodePtr variance = divided(total, dof);
        NodePtr bad = lowering.binary(BinaryOp::LessEqual, dof,
                                      array::makeIntConstant(0, DType::Int64, true, loc), loc);
        variance = array::makeWhere(bad,
                                    filled(std::numeric_limits<double>::quiet_NaN(),
                                           variance->type.dtype, variance->type.shape, loc),
                                    variance, loc);
        if (stddev)
            variance = lowering.unary(UnaryOp::Sqrt, variance, loc);
        return Value::array(array::withName(variance, stddev ? "nanstd" : "nanvar"), loc);
    };
}

} // namespace

const std::map<std::string, Handler> &nanFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.nansum", nanSumProd(false)},
        {"numpy.nanprod", nanSumProd(true)},
        {"numpy.nanmean", nanmean},
        {"numpy.nanmax", nanExtremum(true)},
        {"numpy.nanmin", nanExtremum(false)},
        {"numpy.nanargmin", nanArgExtremum(false)},
        {"numpy.nanargmax", nanArgExtremum(true)},
        {"numpy.nancumsum", nanScan(false)},
        {"numpy.nancumprod", nanScan(true)},
        {"numpy.nanvar", nanVariance(false)},
        {"numpy.nanstd", nanVariance(true)},
    };
    return table;
}

} // namespace npc::lowering
