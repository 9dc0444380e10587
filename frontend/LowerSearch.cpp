// numpy.searchsorted (and ndarray.searchsorted), numpy.digitize, and numpy.interp, which
// finds each x's interval with the same binary search (numpy/_core/src/multiarray/compiled_base.c,
// arr_interp; numpy/_core/src/npysort/binsearch.cpp).
#include "frontend/LowerContext.h"

#include <cctype>
#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::UnaryOp;

/// The dtype NumPy converts an argument of searchsorted to: arrays and NumPy scalars keep
/// theirs, and a Python scalar is its default dtype (int64, float64, bool), not weak
/// (PyArray_DescrFromObject: `np.searchsorted(uint8_array, 300)` compares in int64).
DType strongDType(const NodePtr &n) {
    return n->type.dtype;
}

/// UserError unless `n` is real or bool: NumPy's cast error for arguments it reads as
/// float64 (np.interp's x and xp).
void requireReal(const NodePtr &n, SourceLoc loc) {
    if (isComplex(n->type.dtype))
        throw UserError(loc, fmt::format("Cannot cast array data from dtype('{}') to "
                                         "dtype('float64') according to the rule 'safe'",
                                         dtypeName(n->type.dtype)));
}

/// numpy.searchsorted(a, v, side='left', sorter=None) and ndarray.searchsorted(v, side,
/// sorter): int64 positions of v's shape.
Value searchsorted(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"v", true}, {"side", false}, {"sorter", false}});
    NodePtr a = arrayArgument(lowering, *b[0], args, "a");
    requireOneDimensional(a, b[0]->loc);
    NodePtr v = arrayArgument(lowering, *b[1], args, "v");
    bool right = false;
    if (b[2]) {
        if (b[2]->kind != Value::String)
            throw UserError(b[2]->loc,
                            fmt::format("search side must be str, not {}",
                                        b[2]->kind == Value::None ? "NoneType" : "a string"));
        // NumPy 2 still takes a word starting with l or r, in any case (deprecated).
        char first = b[2]->text.empty() ? ' ' : static_cast<char>(std::tolower(b[2]->text[0]));
        if (first != 'l' && first != 'r')
            throw UserError(
                b[2]->loc,
                fmt::format("search side must be 'left' or 'right' (got '{}')", b[2]->text));
        right = first == 'r';
    }
    if (b[3] && b[3]->kind != Value::None)
        throw UserError(b[3]->loc, fmt::format("{}(): sorter= is not supported by npc yet; "
                                               "search a[sorter] instead (the same positions "
                                               "for a valid sorter)",
                                               args.function));
    DType t = promoteDTypes(strongDType(a), strongDType(v));
    if (isComplex(t))
        throw UserError(args.loc, fmt::format("{}() of complex values is not supported by npc "
                                              "yet",
                                              args.function));
    SourceLoc loc = args.loc;
    NodePtr found =
        array::makeSearchSorted(array::makeCast(a, t, loc), array::makeCast(v, t, loc), right, loc);
    return Value::array(array::withName(found, "position"), loc);
}

/// A float64 scalar argument (np.interp's left and right); UserError for arrays, which
/// NumPy converts with float() (TypeError unless they have one element).
NodePtr floatScalar(const Value &v, const CallArgs &args, const char *what) {
    NodePtr n = requireArray(v, args, what);
    if (n->type.rank() != 0)
        throw UserError(v.loc, fmt::format("{}(): '{}' must be a number (NumPy converts it "
                                           "with float())",
                                           args.function, what));
    if (isComplex(n->type.dtype))
        throw UserError(v.loc, fmt::format("{}(): '{}' must be real (complex fp and bounds "
                                           "are not supported by npc yet)",
                                           args.function, what));
    return array::makeCast(n, DType::Float64, v.loc);
}

/// numpy.interp(x, xp, fp, left=None, right=None, period=None) for real fp: float64 of
/// x's shape. Each x finds j with xp[j] <= x < xp[j + 1] (searchsorted 'right' minus
/// one), then takes arr_interp's value: left below xp[0], right above xp[-1], fp[j] at
/// xp[j] and at the last sample, else slope * (x - xp[j]) + fp[j], retried from the
/// interval's other end when that is NaN (infinite fp); NaN for a NaN x. With one sample,
/// NumPy's comparisons with it (fp[0] for NaN).
Value interp(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true},
                         {"xp", true},
                         {"fp", true},
                         {"left", false},
                         {"right", false},
                         {"period", false}});
    if (b[5] && b[5]->kind != Value::None)
        throw UserError(b[5]->loc,
                        fmt::format("{}(): period= is not supported by npc yet", args.function));
    SourceLoc loc = args.loc;
    NodePtr x = arrayArgument(lowering, *b[0], args, "x");
    requireReal(x, b[0]->loc);
    NodePtr xp = arrayArgument(lowering, *b[1], args, "xp");
    requireOneDimensional(xp, b[1]->loc);
    requireReal(xp, b[1]->loc);
    NodePtr fp = arrayArgument(lowering, *b[2], args, "fp");
    requireOneDimensional(fp, b[2]->loc);
    if (isComplex(fp->type.dtype))
        throw UserError(b[2]->loc, fmt::format("{}() of complex fp is not supported by npc yet",
                                               args.function));
    x = array::makeCast(x, DType::Float64, loc);
    xp = array::makeCast(xp, DType::Float64, loc);
    fp = array::makeCast(fp, DType::Float64, loc);

    // NumPy's checks, in its order: no samples, then unequal lengths.
    static const char *kEmpty = "array of sample points is empty";
    static const char *kLengths = "fp and xp are not of the same length.";
    const Dim &n = xp->type.shape[0];
    const Dim &m = fp->type.shape[0];
    std::vector<array::ExtentCheck> checks;
    if (dimIsConst(n, 0))
        throw UserError(b[1]->loc, kEmpty);
    if (!dimConstValue(n))
        checks.push_back(conditionCheck(
            array::makeBinary(BinaryOp::Equal, array::makeDimValue(n, loc),
                              array::makeIntConstant(0, DType::Int64, false, loc), loc),
            "len(xp) == 0", kEmpty));
    if (dimConstValue(n) && dimConstValue(m) && *dimConstValue(n) != *dimConstValue(m))
        throw UserError(b[2]->loc, kLengths);
    if (!dimEqual(n, m))
        checks.push_back(array::ExtentCheck(m, n, false, kLengths));

    const Shape &shape = x->type.shape;
    auto constant = [&](int64_t k) {
        return array::makeBroadcast(array::makeIntConstant(k, DType::Int64, false, loc), shape,
                                    loc);
    };
    NodePtr last = array::makeBroadcast(
        array::makeBinary(BinaryOp::Subtract, array::makeDimValue(n, loc),
                          array::makeIntConstant(1, DType::Int64, false, loc), loc),
        shape, loc);
    NodePtr j = array::makeBinary(BinaryOp::Subtract, array::makeSearchSorted(xp, x, true, loc),
                                  constant(1), loc);
    j = array::withName(j, "interval");
    // The interval's ends, in bounds for every j in [-1, n - 1].
    NodePtr lo = array::makeBinary(BinaryOp::Maximum, j, constant(0), loc);
    NodePtr hi = array::makeBinary(
        BinaryOp::Minimum, array::makeBinary(BinaryOp::Add, j, constant(1), loc), last, loc);
    auto at = [&](const NodePtr &samples, const NodePtr &index) {
        return array::makeGather(samples, {index}, {0}, 0, {-1}, loc);
    };
    NodePtr x0 = array::withName(at(xp, lo), "x0"), x1 = array::withName(at(xp, hi), "x1");
    NodePtr y0 = array::withName(at(fp, lo), "y0"), y1 = array::withName(at(fp, hi), "y1");
    auto sub = [&](const NodePtr &p, const NodePtr &q) {
        return array::makeBinary(BinaryOp::Subtract, p, q, loc);
    };
    auto isNan = [&](const NodePtr &p) {
        return array::makeUnary(UnaryOp::IsNan, p, DType::Bool, loc);
    };
    NodePtr slope = array::withName(
        array::makeBinary(BinaryOp::TrueDivide, sub(y1, y0), sub(x1, x0), loc), "slope");
    auto line = [&](const NodePtr &px, const NodePtr &py) {
        return array::makeBinary(
            BinaryOp::Add, array::makeBinary(BinaryOp::Multiply, slope, sub(x, px), loc), py, loc);
    };
    NodePtr value = array::withName(line(x0, y0), "value");
    value = array::withName(array::makeWhere(isNan(value), line(x1, y1), value, loc), "value");
    value =
        array::makeWhere(array::makeBinary(BinaryOp::LogicalAnd, isNan(value),
                                           array::makeBinary(BinaryOp::Equal, y0, y1, loc), loc),
                         y0, value, loc);
    NodePtr atLast = array::makeBinary(BinaryOp::Equal, j, last, loc);
    NodePtr above = y0; // fp[-1] by default
    if (b[4] && b[4]->kind != Value::None)
        above = array::makeBroadcast(floatScalar(*b[4], args, "right"), shape, loc);
    NodePtr endValue = array::makeWhere(array::makeBinary(BinaryOp::Greater, x, x0, loc), above, y0,
                                        loc); // at or above the last sample
    value = array::makeWhere(
        atLast, endValue,
        array::makeWhere(array::makeBinary(BinaryOp::Equal, x0, x, loc), y0, value, loc), loc);
    NodePtr below = y0; // fp[0] by default
    if (b[3] && b[3]->kind != Value::None)
        below = array::makeBroadcast(floatScalar(*b[3], args, "left"), shape, loc);
    value =
        array::makeWhere(array::makeBinary(BinaryOp::Less, j, constant(0), loc), below, value, loc);
    value = array::makeWhere(isNan(x), x, value, loc);
    // One sample: arr_interp compares instead of searching (x < xp[0], x > xp[0], else
    // fp[0]), so a NaN x, or any x against a NaN sample, gets fp[0].
    NodePtr single = array::makeWhere(
        array::makeBinary(BinaryOp::Less, x, x0, loc), below,
        array::makeWhere(array::makeBinary(BinaryOp::Greater, x, x0, loc), above, y0, loc), loc);
    value = array::makeWhere(array::makeBinary(BinaryOp::Equal, last, constant(0), loc), single,
                             value, loc);
    return Value::array(array::withChecks(array::withName(value, "interp"), std::move(checks)),
                        loc);
}

/// NumPy's _monotonicity(bins) (compiled_base.c, check_array_monotonic) of float64 `b`:
/// 1 when all elements are equal or none decreases after the first that differs from
/// b[0] and that one is greater, -1 when none increases after it and it is smaller, else
/// 0. A scalar int64, computed with reductions over b (read only inside their loops, so
/// an empty b gives 1).
NodePtr monotonicity(const NodePtr &b, SourceLoc loc) {
    const Dim &n = b->type.shape[0];
    auto scalar = [&](int64_t k) { return array::makeIntConstant(k, DType::Int64, false, loc); };
    auto fill = [&](const NodePtr &v, const Shape &s) { return array::makeBroadcast(v, s, loc); };
    auto binary = [&](BinaryOp op, const NodePtr &p, const NodePtr &q) {
        return array::makeBinary(op, p, q, loc);
    };
    NodePtr k = array::makeIota(b->type.shape, 0, loc);
    NodePtr first = array::makeGather(b, {fill(scalar(0), b->type.shape)}, {0}, 0, {-1}, loc);
    // i: the first position after 0 whose element is not b[0] (n when none is).
    NodePtr differs = binary(
        BinaryOp::LogicalAnd, binary(BinaryOp::Greater, k, fill(scalar(0), b->type.shape)),
        array::makeUnary(UnaryOp::LogicalNot, binary(BinaryOp::Equal, b, first), DType::Bool, loc));
    NodePtr none = array::makeDimValue(n, loc);
    NodePtr i = array::makeReduce(
        array::ReduceOp::Min,
        array::makeConcat({array::makeWhere(differs, k, fill(none, b->type.shape), loc),
                           fill(none, {dimConst(1)})},
                          0, {}, loc),
        {0}, false, loc);
    NodePtr increasing = array::makeReduce(
        array::ReduceOp::Any,
        binary(BinaryOp::LogicalAnd, binary(BinaryOp::Equal, k, fill(i, b->type.shape)),
               binary(BinaryOp::Less, first, b)),
        {0}, false, loc);
    // Pairs (b[j - 1], b[j]) after position i.
    NodePtr previous = sliceAlong(b, 0, std::nullopt, -1, 1, loc);
    NodePtr next = sliceAlong(b, 0, 1, std::nullopt, 1, loc);
    const Shape &pairs = next->type.shape;
    NodePtr j = binary(BinaryOp::Add, array::makeIota(pairs, 0, loc), fill(scalar(1), pairs));
    NodePtr turns =
        array::makeWhere(fill(increasing, pairs), binary(BinaryOp::Greater, previous, next),
                         binary(BinaryOp::Less, previous, next), loc);
    NodePtr violated = array::makeReduce(
        array::ReduceOp::Any,
        binary(BinaryOp::LogicalAnd, binary(BinaryOp::Greater, j, fill(i, pairs)), turns), {0},
        false, loc);
    return array::makeWhere(
        binary(BinaryOp::Equal, i, none), scalar(1),
        array::makeWhere(violated, scalar(0),
                         array::makeWhere(increasing, scalar(1), scalar(-1), loc), loc),
        loc);
}

/// numpy.digitize(x, bins, right=False): for increasing bins searchsorted(bins, x) with
/// the other side ('right' unless `right`), for decreasing ones len(bins) minus the
/// search of the reversed bins, as NumPy computes it; ValueError for bins that are
/// neither.
Value digitize(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true}, {"bins", true}, {"right", false}});
    SourceLoc loc = args.loc;
    NodePtr x = arrayArgument(lowering, *b[0], args, "x");
    if (isComplex(x->type.dtype))
        throw UserError(b[0]->loc, "x may not be complex");
    NodePtr bins = arrayArgument(lowering, *b[1], args, "bins");
    requireOneDimensional(bins, b[1]->loc);
    requireReal(bins, b[1]->loc);
    bool right = false;
    if (b[2]) {
        std::optional<bool> flag = boolLiteral(*b[2]);
        if (!flag)
            throw UserError(b[2]->loc, fmt::format("{}(): right must be True or False (a "
                                                   "literal)",
                                                   args.function));
        right = *flag;
    }
    NodePtr mono = monotonicity(array::makeCast(bins, DType::Float64, loc), loc);
    mono = lowering.materialized(array::withName(mono, "monotonic"), loc);
    array::ExtentCheck check = conditionCheck(
        array::makeBinary(BinaryOp::Equal, mono,
                          array::makeIntConstant(0, DType::Int64, false, loc), loc),
        "_monotonicity(bins) == 0", "bins must be monotonically increasing or decreasing");
    NodePtr decreasing = array::makeBinary(
        BinaryOp::Equal, mono, array::makeIntConstant(-1, DType::Int64, false, loc), loc);
    DType t = promoteDTypes(strongDType(bins), strongDType(x));
    NodePtr sorted = array::makeCast(
        array::makeWhere(array::makeBroadcast(decreasing, bins->type.shape, loc),
                         sliceAlong(bins, 0, std::nullopt, std::nullopt, -1, loc), bins, loc),
        t, loc);
    NodePtr found = array::makeSearchSorted(sorted, array::makeCast(x, t, loc), !right, loc);
    const Shape &shape = x->type.shape;
    NodePtr count = array::makeBroadcast(array::makeDimValue(bins->type.shape[0], loc), shape, loc);
    NodePtr result =
        array::makeWhere(array::makeBroadcast(decreasing, shape, loc),
                         array::makeBinary(BinaryOp::Subtract, count, found, loc), found, loc);
    return Value::array(array::withChecks(array::withName(result, "digitize"), {check}), loc);
}

} // namespace

const std::map<std::string, Handler> &searchFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.searchsorted", searchsorted},
        {"ndarray.searchsorted", searchsorted},
        {"numpy.interp", interp},
        {"numpy.digitize", digitize},
    };
    return table;
}

} // namespace npc::lowering
