// The array methods that update the array in place and return None: ndarray.sort
// (numpy/_core/src/multiarray/methods.c, array_sort: np.sort's order, along axis -1 unless
// given) and ndarray.fill (array_fill: the value converted as `a[...] = value` converts a
// scalar). npc compiles them as statements: `a.sort()` is `a[...] = np.sort(a)`,
// `a.fill(v)` is `a[...] = v`.
#include "frontend/FunctionLowering.h"

#include <fmt/format.h>

namespace npc::lowering {
namespace {

/// The value of `a.sort(...)` or `a.fill(...)` used in an expression: None in NumPy.
Value usedAsValue(ExprLowering &, const CallArgs &args) {
    throw UserError(args.loc, fmt::format("{}() updates the array in place and returns None; "
                                          "npc compiles it as a statement of its own",
                                          args.function));
}

} // namespace

const std::map<std::string, Handler> &inPlaceMethodFunctions() {
    static const std::map<std::string, Handler> table = {{"ndarray.sort", usedAsValue},
                                                         {"ndarray.fill", usedAsValue}};
    return table;
}

NodePtr FunctionLowering::inPlaceTarget(const syntax::Expr &array, const std::string &function,
                                        SourceLoc loc) {
    // The array's memory, and the lazy values that read it evaluated first.
    if (auto *sub = array.as<syntax::Subscript>()) {
        prepareStore(*sub, loc);
    } else if (auto *name = array.as<syntax::Name>()) {
        Value bound = exprs_.lower(array);
        if (bound.kind == Value::Array && bound.node->type.rank() > 0) {
            NodePtr buffer = ensureBuffer(name->id, loc);
            if (const array::Node *root = viewRoot(buffer))
                flushReaders(*root, loc, true);
        }
    }
    NodePtr target = exprs_.lowerArray(array);
    if (target->type.rank() == 0) // npc does not tell 0-d arrays from NumPy scalars
        throw UserError(array.loc,
                        fmt::format("npc does not call {}() on a 0-d value (a NumPy scalar "
                                    "is immutable; of a 0-d array NumPy's sort raises): assign "
                                    "the new value to the name instead",
                                    function));
    if (!viewRoot(target) && anyViewRoot(target))
        throw UserError(array.loc,
                        fmt::format("npc cannot call {}() on a transposed, reshaped or "
                                    "broadcast view: npc writes only through basic indexing; "
                                    "call it on the array itself",
                                    function));
    if (!viewRoot(target))
        throw UserError(array.loc,
                        fmt::format("npc can only call {}() on parameters, local arrays and "
                                    "views of them: this value is a temporary copy, which the "
                                    "call would change and nothing would read",
                                    function));
    return target;
}

void FunctionLowering::methodInPlace(const syntax::Call &call, const syntax::Attribute &method,
                                     SourceLoc loc) {
    const std::string function = "ndarray." + method.attr;
    NodePtr target = inPlaceTarget(*method.value, function, loc);
    if (method.attr == "fill") {
        if (!call.keywords.empty())
            throw UserError(call.keywords[0].loc, "fill() takes no keyword arguments");
        if (call.args.size() != 1)
            throw UserError(
                loc, fmt::format("fill() takes exactly 1 argument ({} given)", call.args.size()));
        Value v = exprs_.lower(*call.args[0]);
        if (v.kind != Value::Array || v.node->type.rank() != 0)
            throw UserError(call.args[0]->loc, "npc needs a number for ndarray.fill() (NumPy "
                                               "takes no sequence; a one-element array is "
                                               "deprecated there: write a[0])");
        NodePtr value = storedValue(v.node, target->type.dtype, call.args[0]->loc);
        store(target, array::makeBroadcast(value, target->type.shape, loc), loc);
        return;
    }
    NPC_ASSERT(method.attr == "sort", "in-place method without a lowering");
    CallArgs args{function, loc, {Value::array(target, method.value->loc)}, {}, {}};
    for (const syntax::ExprPtr &a : call.args)
        args.positional.push_back(exprs_.lower(*a));
    for (const syntax::Keyword &k : call.keywords) {
        args.keywords.emplace_back(k.name, exprs_.lower(*k.value));
        args.keywordLocs.push_back(k.loc);
    }
    // np.sort's axis=None sorts the flattened array; ndarray.sort takes an int only.
    const Value *axis = args.positional.size() > 1 ? &args.positional[1] : nullptr;
    for (const auto &[keyword, value] : args.keywords)
        if (keyword == "axis")
            axis = &value;
    if (axis && axis->kind == Value::None)
        throw UserError(axis->loc, "'NoneType' object cannot be interpreted as an integer");
    store(target, callNumPy(exprs_, "numpy.sort", std::move(args)).node, loc);
}

} // namespace npc::lowering
