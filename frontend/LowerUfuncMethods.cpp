// The reduce and accumulate methods of the ufuncs add, multiply, maximum and minimum
// (and reduce of logical_and / logical_or): NumPy's ufunc.reduce and ufunc.accumulate,
// whose axis defaults to 0 (not to every axis as np.sum's does). add and multiply are
// np.sum / np.prod and np.cumsum / np.cumprod (NumPy 2 upcasts small integers in both);
// maximum.accumulate and minimum.accumulate keep the dtype and propagate NaN. And the outer
// method of the binary ufuncs (ufunc.outer: every pair, A's axes then B's).
#include "frontend/LowerContext.h"

#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::NodePtr;
using array::ReduceOp;

/// `args` with `axis` defaulting to 0: the call of `function` (np.sum, np.cumsum, ...)
/// that computes the method.
CallArgs withAxisZero(const CallArgs &args, const std::vector<ParamSpec> &spec,
                      const std::string &function) {
    auto b = bind(args, spec);
    CallArgs call{function, args.loc, {*b[0]}, {}, {}};
    bool axisGiven = false;
    for (size_t i = 1; i < spec.size(); ++i) {
        if (!b[i])
            continue;
        axisGiven = axisGiven || std::string_view(spec[i].name) == "axis";
        call.keywords.emplace_back(spec[i].name, *b[i]);
        call.keywordLocs.push_back(b[i]->loc);
    }
    if (!axisGiven) {
        call.keywords.emplace_back(
            "axis",
            Value::array(array::makeIntConstant(0, DType::Int64, true, args.loc), args.loc));
        call.keywordLocs.push_back(args.loc);
    }
    return call;
}

/// ufunc.reduce(array, axis=0, dtype=None, out=None, keepdims=False) as the NumPy
/// function `function` (numpy.sum, ...) with that axis.
Handler reduceMethod(std::string function) {
    return [function](ExprLowering &lowering, const CallArgs &args) {
        bool extremum = function == "numpy.max" || function == "numpy.min";
        std::vector<ParamSpec> spec = {{"array", true}, {"axis", false}};
        if (!extremum) // np.max and np.min take no dtype
            spec.push_back({"dtype", false});
        spec.push_back({"out", false});
        spec.push_back({"keepdims", false});
        CallArgs call = withAxisZero(args, spec, args.function);
        if (call.positional[0].kind == Value::Array && call.positional[0].node->type.rank() == 0)
            throw UserError(call.positional[0].loc, "zero-dimensional arrays cannot be reduced "
                                                    "along an axis (np.ufunc.reduce of a 0-d "
                                                    "array is not supported by npc)");
        return callNumPy(lowering, function, std::move(call));
    };
}

/// ufunc.accumulate(array, axis=0, dtype=None, out=None) of add or multiply: np.cumsum /
/// np.cumprod along that axis.
Handler accumulateAs(std::string function) {
    return [function](ExprLowering &lowering, const CallArgs &args) {
        CallArgs call =
            withAxisZero(args, {{"array", true}, {"axis", false}, {"dtype", false}, {"out", false}},
                         args.function);
        for (const auto &[name, value] : call.keywords)
            if (name == "axis" && value.kind == Value::None)
                throw UserError(value.loc, "accumulate does not allow multiple axes");
        return callNumPy(lowering, function, std::move(call));
    };
}

/// maximum.accumulate / minimum.accumulate(array, axis=0, dtype=None, out=None): the
/// running extremum along `axis` in the array's dtype (or `dtype`), NaN propagating.
Handler extremumAccumulate(ReduceOp op) {
    return [op](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"array", true}, {"axis", false}, {"dtype", false}, {"out", false}});
        rejectArgument(b[3], "out", args);
        NodePtr x = requireArray(b[0], args, "array");
        if (x->type.weak)
            x = array::makeCast(x, constructorDType(x), false, args.loc);
        if (auto t = dtypeArgument(b[2], args))
            x = lowering.castTo(x, *t, args.loc);
        if (isComplex(x->type.dtype))
            throw UserError(args.loc, fmt::format("{}() of complex numbers is not supported by "
                                                  "npc (NumPy orders them lexicographically)",
                                                  args.function));
        if (b[1] && b[1]->kind == Value::None)
            throw UserError(b[1]->loc, "accumulate does not allow multiple axes");
        if (x->type.rank() == 0)
            throw UserError(b[0]->loc, "cannot accumulate on a scalar");
        int axis = 0;
        if (b[1]) {
            if (b[1]->kind == Value::Tuple)
                throw UserError(b[1]->loc, "accumulate does not allow multiple axes");
            axis = normalizeAxes(b[1], x->type.rank(), args).at(0);
        }
        return Value::array(array::makeScan(op, x, axis, args.loc), args.loc);
    };
}

/// ufunc.outer(A, B) of the binary ufunc `ufunc` ("numpy.subtract"): the ufunc of every
/// pair, A's axes then B's (`ufunc(A[..., None, ...], B[None, ..., :])`), the operands
/// converted as np.asarray converts them (a Python number is an int64 / float64 array).
Handler outerMethod(std::string ufunc) {
    return [ufunc](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"A", true}, {"B", true}});
        NodePtr x = asArray(lowering, *b[0], args, "A");
        NodePtr y = asArray(lowering, *b[1], args, "B");
        std::vector<array::ViewEntry> first(static_cast<size_t>(x->type.rank()),
                                            array::ViewEntry::all());
        first.resize(first.size() + static_cast<size_t>(y->type.rank()),
                     array::ViewEntry::newAxis());
        std::vector<array::ViewEntry> second(static_cast<size_t>(x->type.rank()),
                                             array::ViewEntry::newAxis());
        second.resize(second.size() + static_cast<size_t>(y->type.rank()), array::ViewEntry::all());
        CallArgs call{displayName(ufunc),
                      args.loc,
                      {Value::array(array::makeView(x, std::move(first), args.loc), args.loc),
                       Value::array(array::makeView(y, std::move(second), args.loc), args.loc)},
                      {},
                      {}};
        return callNumPy(lowering, ufunc, std::move(call));
    };
}

/// The binary ufuncs whose outer method npc compiles.
constexpr const char *kOuterUfuncs[] = {
    "add",        "subtract",      "multiply",    "divide",      "true_divide", "floor_divide",
    "mod",        "remainder",     "fmod",        "power",       "minimum",     "maximum",
    "fmin",       "fmax",          "arctan2",     "hypot",       "copysign",    "gcd",
    "lcm",        "nextafter",     "logical_and", "logical_or",  "logical_xor", "bitwise_and",
    "bitwise_or", "bitwise_xor",   "left_shift",  "right_shift", "less",        "less_equal",
    "greater",    "greater_equal", "equal",       "not_equal",   "logaddexp",   "logaddexp2",
    "heaviside",
};

} // namespace

const std::map<std::string, Handler> &ufuncMethodFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.add.reduce", reduceMethod("numpy.sum")},
        {"numpy.multiply.reduce", reduceMethod("numpy.prod")},
        {"numpy.maximum.reduce", reduceMethod("numpy.max")},
        {"numpy.minimum.reduce", reduceMethod("numpy.min")},
        {"numpy.logical_and.reduce", reduceMethod("numpy.all")},
        {"numpy.logical_or.reduce", reduceMethod("numpy.any")},
        {"numpy.add.accumulate", accumulateAs("numpy.cumsum")},
        {"numpy.multiply.accumulate", accumulateAs("numpy.cumprod")},
        {"numpy.maximum.accumulate", extremumAccumulate(ReduceOp::Max)},
        {"numpy.minimum.accumulate", extremumAccumulate(ReduceOp::Min)},
    };
    // ufunc.at updates in place and is a statement of its own (FunctionLowering::ufuncAt);
    // its value is None.
    static const std::map<std::string, Handler> withAt = [] {
        std::map<std::string, Handler> t = table;
        for (const char *name : kOuterUfuncs)
            t[fmt::format("numpy.{}.outer", name)] = outerMethod(fmt::format("numpy.{}", name));
        for (const auto &[ufunc, arity] : ufuncAtArities())
            t[ufunc + ".at"] = [](ExprLowering &, const CallArgs &args) -> Value {
                throw UserError(args.loc, fmt::format("{}() updates its first argument in "
                                                      "place and returns None; npc compiles "
                                                      "it as a statement of its own",
                                                      args.function));
            };
        return t;
    }();
    return withAt;
}

} // namespace npc::lowering
