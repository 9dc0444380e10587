// numpy.convolve and numpy.correlate of 1-D sequences (numpy/_core/numeric.py;
// _pyarray_correlate in numpy/_core/src/multiarray/multiarraymodule.c): each output
// element the sum of the products of the overlapping elements, in the operands' common
// dtype, over the window the mode ('full', 'same', 'valid') keeps.
#include "frontend/LowerContext.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::ReduceOp;

enum class Mode { Valid, Same, Full };

/// NumPy's mode argument: 'valid', 'same', 'full' (or their first letters, or 0, 1, 2).
Mode modeArgument(const std::optional<Value> &v, Mode fallback) {
    if (!v)
        return fallback;
    if (v->kind == Value::String) {
        // NumPy 2 still takes any case and any prefix (deprecated).
        std::string s = v->text;
        for (char &c : s)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (!s.empty() && std::string("valid").starts_with(s))
            return Mode::Valid;
        if (!s.empty() && std::string("same").starts_with(s))
            return Mode::Same;
        if (!s.empty() && std::string("full").starts_with(s))
            return Mode::Full;
        throw UserError(v->loc, fmt::format("mode must be one of 'valid', 'same', or 'full' "
                                            "(got '{}')",
                                            v->text));
    }
    if (std::optional<int64_t> k = constantInt(*v); k && *k >= 0 && *k <= 2)
        return static_cast<Mode>(*k);
    throw UserError(v->loc, "mode must be one of 'valid', 'same', or 'full' (a string literal "
                            "for npc)");
}

/// A 1-D operand: a list an array; for convolve a number becomes a 1-element array
/// (np.array(x, ndmin=1)), where correlate raises NumPy's ValueError; NumPy's ValueError
/// for more dimensions.
NodePtr sequence(ExprLowering &lowering, const Value &v, const CallArgs &args, const char *what,
                 bool convolve) {
    NodePtr x = asArray(lowering, v, args, what);
    if (x->type.rank() == 0 && !convolve)
        throw UserError(v.loc, "object of too small depth for desired array");
    if (x->type.rank() == 0)
        return array::makeView(x, {array::ViewEntry::newAxis()}, args.loc);
    if (x->type.rank() > 1)
        throw UserError(v.loc, "object too deep for desired array (np.convolve and np.correlate "
                               "take 1-D sequences)");
    return x;
}

/// The run-time int64 value of `f(n, m)` where an extent is not a constant, as a Value
/// dim printed `text`; a constant where both are.
Dim combined(const Dim &n, const Dim &m, const std::function<int64_t(int64_t, int64_t)> &f,
             const std::function<NodePtr(const NodePtr &, const NodePtr &)> &g,
             const std::string &text, SourceLoc loc) {
    auto cn = dimConstValue(n), cm = dimConstValue(m);
    if (cn && cm)
        return dimConst(f(*cn, *cm));
    return dimValue(g(array::makeDimValue(n, loc), array::makeDimValue(m, loc)), text);
}

/// `sum_j a[t + j - (m - 1)] * w[j]` for t = start + k, k over `length` outputs, j over w's
/// m elements, the terms outside a left out (NumPy's overlap): correlate's full output
/// at t is the lag t - (m - 1); convolve is correlate with w = v reversed. `a` is padded
/// with m - 1 zeros each side first (a buffer), so each sum reads consecutive elements
/// without a bounds test and the vectorize pass runs neighbouring outputs side by side.
NodePtr slidingSums(ExprLowering &lowering, const NodePtr &a, const NodePtr &w, const Dim &length,
                    const NodePtr &start, SourceLoc loc) {
    const Dim &m = w->type.shape[0];
    auto i64 = [&](int64_t k) { return array::makeIntConstant(k, DType::Int64, false, loc); };
    NodePtr mm = array::makeCast(array::makeDimValue(m, loc), DType::Int64, false, loc);
    // max(m - 1, 0): an empty w raises NumPy's error before anything is computed.
    NodePtr width = array::makeBinary(
        BinaryOp::Maximum, array::makeBinary(BinaryOp::Subtract, mm, i64(1), loc), i64(0), loc);
    CallArgs pad{"np.pad", loc, {Value::array(a, loc), Value::array(width, loc)}, {}, {}};
    NodePtr padded = lowering.materialized(callNumPy(lowering, "numpy.pad", pad).node, loc);
    Shape grid{length, m};
    NodePtr at = lowering.binary(
        BinaryOp::Add, lowering.binary(BinaryOp::Add, array::makeIota(grid, 0, loc), start, loc),
        array::makeIota(grid, 1, loc), loc);
    NodePtr gathered = array::makeGather(padded, {at}, {0}, 0, {-1}, loc);
    NodePtr products = lowering.binary(
        BinaryOp::Multiply, gathered,
        array::makeView(w, {array::ViewEntry::newAxis(), array::ViewEntry::all()}, loc), loc);
    return array::makeReduce(ReduceOp::Sum, products, {1}, false, loc);
}

/// numpy.convolve(a, v, mode='full') and numpy.correlate(a, v, mode='valid') (v conjugated).
/// Output lengths: full n + m - 1, same max(n, m), valid max(n, m) - min(n, m) + 1. NumPy's
/// ValueErrors for empty operands (on entry where only the run time knows their lengths).
/// NumPy's empty-operand ValueErrors for `a` of n and `v` of m elements, in its order
/// (convolve swaps the longer operand first): a UserError where both extents are
/// constants, else run-time checks.
std::vector<array::ExtentCheck> emptyOperandChecks(const Dim &n, const Dim &m, bool convolve,
                                                   SourceLoc loc) {
    NodePtr zero = array::makeIntConstant(0, DType::Int64, false, loc);
    NodePtr nEmpty = array::makeBinary(BinaryOp::Equal, array::makeDimValue(n, loc), zero, loc);
    NodePtr mEmpty = array::makeBinary(BinaryOp::Equal, array::makeDimValue(m, loc), zero, loc);
    auto cn = dimConstValue(n), cm = dimConstValue(m);
    struct Empty {
        NodePtr fails;
        bool constantFails;
        const char *message;
    };
    std::vector<Empty> empties;
    if (convolve)
        empties = {{array::makeBinary(BinaryOp::LogicalAnd, nEmpty, mEmpty, loc),
                    cn == 0 && cm == 0, "a cannot be empty"},
                   {array::makeBinary(BinaryOp::LogicalOr, nEmpty, mEmpty, loc), cn == 0 || cm == 0,
                    "v cannot be empty"}};
    else
        empties = {{nEmpty, cn == 0, "first array argument cannot be empty"},
                   {mEmpty, cm == 0, "second array argument cannot be empty"}};
    std::vector<array::ExtentCheck> checks;
    for (const Empty &e : empties) {
        if (cn && cm && e.constantFails)
            throw UserError(loc, e.message);
        if (!(cn && cm))
            checks.push_back(conditionCheck(e.fails, e.message, e.message));
    }
    return checks;
}

/// The outputs' window for `a` of n and `v` of m elements in `mode`: its length and the
/// offset of its first output in the full convolution (NumPy's centring of 'same'; a
/// correlate of a shorter `a`, which NumPy swaps and reverses, puts the rest first).
std::pair<Dim, NodePtr> outputWindow(const Dim &n, const Dim &m, Mode mode, bool convolve,
                                     SourceLoc loc) {
    auto op = [&](BinaryOp o) {
        return [o, loc](const NodePtr &x, const NodePtr &y) {
            return array::makeBinary(o, array::makeCast(x, DType::Int64, false, loc),
                                     array::makeCast(y, DType::Int64, false, loc), loc);
        };
    };
    auto maxOf = [](int64_t x, int64_t y) { return std::max(x, y); };
    auto minOf = [](int64_t x, int64_t y) { return std::min(x, y); };
    Dim longer = combined(n, m, maxOf, op(BinaryOp::Maximum), "max(len(a), len(v))", loc);
    Dim shorter = combined(n, m, minOf, op(BinaryOp::Minimum), "min(len(a), len(v))", loc);
    auto value = [&](const Dim &d) {
        return array::makeCast(array::makeDimValue(d, loc), DType::Int64, false, loc);
    };
    auto i64 = [&](int64_t k) { return array::makeIntConstant(k, DType::Int64, false, loc); };
    NodePtr pad = array::makeBinary(BinaryOp::Subtract, value(shorter), i64(1), loc);
    switch (mode) {
    case Mode::Full: {
        // max(n + m - 1, 0): both empty raise before the result is allocated.
        Dim length = combined(
            n, m, [](int64_t x, int64_t y) { return std::max<int64_t>(x + y - 1, 0); },
            [&](const NodePtr &x, const NodePtr &y) {
                NodePtr sum =
                    array::makeBinary(BinaryOp::Add, op(BinaryOp::Add)(x, y), i64(-1), loc);
                return array::makeBinary(BinaryOp::Maximum, sum, i64(0), loc);
            },
            "len(a) + len(v) - 1", loc);
        return {length, i64(0)};
    }
    case Mode::Same: {
        // (min - 1) // 2; correlate of a shorter `a` the rest.
        NodePtr half = array::makeBinary(BinaryOp::FloorDivide, pad, i64(2), loc);
        if (convolve)
            return {longer, half};
        NodePtr swapped = array::makeBinary(BinaryOp::Less, value(n), value(m), loc);
        return {longer,
                array::makeWhere(swapped, array::makeBinary(BinaryOp::Subtract, pad, half, loc),
                                 half, loc)};
    }
    case Mode::Valid:
        break;
    }
    Dim length = combined(
        longer, shorter, [](int64_t x, int64_t y) { return x - y + 1; },
        [&](const NodePtr &x, const NodePtr &y) {
            return array::makeBinary(BinaryOp::Add, op(BinaryOp::Subtract)(x, y), i64(1), loc);
        },
        "max(len(a), len(v)) - min(len(a), len(v)) + 1", loc);
    return {length, pad};
}

Handler slidingProduct(bool convolve) {
    return [convolve](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"a", true}, {"v", true}, {"mode", false}});
        SourceLoc loc = args.loc;
        NodePtr a = sequence(lowering, *b[0], args, "a", convolve);
        NodePtr v = sequence(lowering, *b[1], args, "v", convolve);
        Mode mode = modeArgument(b[2], convolve ? Mode::Full : Mode::Valid);
        const Dim &n = a->type.shape[0], &m = v->type.shape[0];
        std::vector<array::ExtentCheck> checks = emptyOperandChecks(n, m, convolve, loc);
        array::ViewEntry reversed = array::ViewEntry::all();
        reversed.step = -1;
        NodePtr w = convolve ? array::makeView(v, {reversed}, loc) : v;
        if (!convolve && isComplex(w->type.dtype))
            w = callNumPy(lowering, "numpy.conjugate",
                          CallArgs{"np.conjugate", loc, {Value::array(w, loc)}, {}, {}})
                    .node;
        auto [length, start] = outputWindow(n, m, mode, convolve, loc);
        NodePtr out = slidingSums(lowering, a, w, length, start, loc);
        if (!checks.empty()) // evaluated before the sums are
            out = array::withChecks(out, std::move(checks));
        return Value::array(array::withName(out, convolve ? "convolution" : "correlation"), loc);
    };
}

} // namespace

const std::map<std::string, Handler> &convolveFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.convolve", slidingProduct(true)},
        {"numpy.correlate", slidingProduct(false)},
    };
    return table;
}

} // namespace npc::lowering
