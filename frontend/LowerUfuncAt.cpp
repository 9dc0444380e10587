// NumPy's ufunc.at (numpy/_core/src/umath/ufunc_object.c, ufunc_at): the unbuffered
// in-place ufunc. `np.add.at(a, idx, b)` adds each b element into a[idx]'s element in
// index order, so a repeated index adds again, where `a[idx] += b` writes each element
// once. npc writes the update as a store that reads each element where it writes it, in
// order (serially; the loop lowering keeps integer-array stores in order).
#include "frontend/FunctionLowering.h"

#include <fmt/format.h>

namespace npc::lowering {

const std::map<std::string, int> &ufuncAtArities() {
    // The ufuncs whose .at npc compiles, by number of inputs. NumPy's real, imag, round
    // and angle are functions, not ufuncs, and have no .at.
    static const std::map<std::string, int> table = [] {
        std::map<std::string, int> t;
        for (const char *name :
             {"add",          "subtract",   "multiply",    "divide",        "true_divide",
              "floor_divide", "mod",        "remainder",   "fmod",          "power",
              "minimum",      "maximum",    "fmin",        "fmax",          "arctan2",
              "hypot",        "copysign",   "logical_and", "logical_or",    "logical_xor",
              "bitwise_and",  "bitwise_or", "bitwise_xor", "left_shift",    "right_shift",
              "less",         "less_equal", "greater",     "greater_equal", "equal",
              "not_equal",    "logaddexp",  "logaddexp2",  "heaviside"})
            t[fmt::format("numpy.{}", name)] = 2;
        for (const char *name :
             {"sqrt",     "exp",         "log",     "absolute",    "negative", "sign",
              "square",   "exp2",        "expm1",   "log2",        "log10",    "log1p",
              "sin",      "cos",         "tan",     "arcsin",      "arccos",   "arctan",
              "sinh",     "cosh",        "tanh",    "arcsinh",     "arccosh",  "arctanh",
              "floor",    "ceil",        "trunc",   "rint",        "isnan",    "isinf",
              "isfinite", "logical_not", "invert",  "bitwise_not", "cbrt",     "signbit",
              "conj",     "conjugate",   "deg2rad", "radians",     "rad2deg",  "degrees"})
            t[fmt::format("numpy.{}", name)] = 1;
        return t;
    }();
    return table;
}

void FunctionLowering::ufuncAt(const syntax::Call &call, const syntax::Expr *atTarget,
                               const std::string &method, SourceLoc loc) {
    const std::string ufunc = method.substr(0, method.size() - 3); // numpy.add
    const std::string shown = "np." + method.substr(6) + "()";
    auto arity = ufuncAtArities().find(ufunc);
    if (arity == ufuncAtArities().end())
        throw UserError(call.func->loc, fmt::format("{} is not supported by npc yet", shown));
    if (!call.keywords.empty())
        throw UserError(call.keywords[0].loc, "ufunc.at() takes no keyword arguments");
    if (call.args.size() < 2)
        throw UserError(
            loc, fmt::format("at() takes at least 2 arguments ({} given)", call.args.size()));
    if (call.args.size() > 3)
        throw UserError(call.args[3]->loc, fmt::format("at() takes at most 3 arguments ({} "
                                                       "given)",
                                                       call.args.size()));
    if (arity->second == 2 && call.args.size() == 2)
        throw UserError(loc, "second operand needed for ufunc");
    if (arity->second == 1 && call.args.size() == 3)
        throw UserError(call.args[2]->loc, "second operand provided when ufunc is unary");
    if (!atTarget) // `()` as the indices, or arguments the converter did not take apart
        throw UserError(call.args[1]->loc, fmt::format("npc needs the indices of {} as an "
                                                       "index expression (an integer, an "
                                                       "array, or a tuple of them)",
                                                       shown));
    auto *sub = atTarget->as<syntax::Subscript>();
    NPC_ASSERT(sub, "ufunc.at target is not a subscript");
    // b is evaluated before any element changes (Python evaluates the arguments first).
    CallArgs args{"np." + ufunc.substr(6), loc, {}, {}, {}};
    NodePtr b;
    if (call.args.size() == 3)
        b = asArray(exprs_, exprs_.lower(*call.args[2]), args, "b");
    prepareStore(*sub, loc);
    NodePtr target = exprs_.lowerArray(*atTarget);
    if (maskAfterIndices(target))
        throw UserError(atTarget->loc, kMaskAfterIndices);
    if (!storeTargetRoot(target))
        throw UserError(call.args[0]->loc,
                        fmt::format("npc can only update parameters, local arrays and views of "
                                    "them through basic indexing (not transposed, reshaped or "
                                    "broadcast views) with {}",
                                    shown));
    args.positional.push_back(Value::array(target, atTarget->loc));
    if (b) { // broadcast to a[indices]'s shape, never the other way
        auto mismatch = [](std::vector<Dim> *) {
            return std::string("array is not broadcastable to correct shape");
        };
        if (b->type.rank() > target->type.rank())
            throw UserError(call.args[2]->loc, mismatch(nullptr));
        if (!shapeEqual(b->type.shape, target->type.shape))
            b = broadcastChecked(b, target->type.shape, call.args[2]->loc, mismatch);
        args.positional.push_back(Value::array(b, call.args[2]->loc));
    }
    NodePtr result = callNumPy(exprs_, ufunc, args).node;
    // NumPy casts the ufunc's result back unsafely (np.add.at of 1.5 into an int array
    // truncates).
    store(target, array::makeCast(result, target->type.dtype, loc), loc, /*unbuffered=*/true);
}

} // namespace npc::lowering
