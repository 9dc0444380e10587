// The array methods and NumPy functions that update an array in place and return None:
// ndarray.sort (numpy/_core/src/multiarray/methods.c, array_sort: np.sort's order, along
// axis -1 unless given), ndarray.fill (array_fill: the value converted as `a[...] = value`
// converts a scalar), np.copyto (multiarray's copyto: casting and where) and
// np.fill_diagonal (numpy/lib/_index_tricks_impl.py: `a.flat[:end:step] = val`). npc
// compiles them as statements: `a.sort()` is `a[...] = np.sort(a)`, `a.fill(v)` is
// `a[...] = v`, the functions stores of a where().
#include "frontend/FunctionLowering.h"

#include "frontend/StatementAnalysis.h"

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
                                                         {"ndarray.fill", usedAsValue},
                                                         {"numpy.copyto", usedAsValue},
                                                         {"numpy.fill_diagonal", usedAsValue}};
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

namespace {

/// NumPy's TypeError for casting `from` (`weak`: a Python number, a "scalar" in NumPy's
/// message) to `to` under casting='same_kind'; nothing when it may.
void checkSameKind(DType from, bool weak, DType to, SourceLoc loc) {
    // A Python number casts by its kind only: an int into any int or float dtype.
    bool allowed = weak ? (isBool(from) || (isInteger(from) && !isBool(to)) ||
                           (isFloat(from) && isInexact(to)) || (isComplex(from) && isComplex(to)))
                        : canCastSameKind(from, to);
    if (!allowed)
        throw UserError(loc, fmt::format("Cannot cast {} from dtype('{}') to dtype('{}') "
                                         "according to the rule 'same_kind'",
                                         weak ? "scalar" : "array data", dtypeName(from),
                                         dtypeName(to)));
}

} // namespace

void FunctionLowering::functionInPlace(const syntax::Call &call, const std::string &function,
                                       SourceLoc loc) {
    std::string shown = displayName(function);
    bool copyto = function == "numpy.copyto";
    std::vector<ParamSpec> spec =
        copyto ? std::vector<ParamSpec>{{"dst", true},
                                        {"src", true},
                                        {"casting", false},
                                        {"where", false}}
               : std::vector<ParamSpec>{{"a", true}, {"val", true}, {"wrap", false}};
    // The array written, as an expression: the first argument.
    const syntax::Expr *array = call.args.empty() ? nullptr : call.args[0].get();
    for (const syntax::Keyword &k : call.keywords)
        if (k.name == spec[0].name)
            array = k.value.get();
    if (!array)
        throw UserError(loc,
                        fmt::format("{}() missing required argument '{}'", shown, spec[0].name));
    NodePtr target = inPlaceTarget(*array, shown, loc);
    CallArgs args{shown, loc, {}, {}, {}};
    for (const syntax::ExprPtr &a : call.args)
        args.positional.push_back(a.get() == array ? Value::array(target, a->loc)
                                                   : exprs_.lower(*a));
    for (const syntax::Keyword &k : call.keywords) {
        args.keywords.emplace_back(k.name, k.value.get() == array
                                               ? Value::array(target, k.value->loc)
                                               : exprs_.lower(*k.value));
        args.keywordLocs.push_back(k.loc);
    }
    auto b = lowering::bind(args, spec); // not std::bind, found by ADL
    DType t = target->type.dtype;
    const Shape &shape = target->type.shape;
    NodePtr value = b[1]->kind == Value::Tuple ? asArray(exprs_, *b[1], args, spec[1].name)
                                               : requireArray(b[1], args, spec[1].name);
    if (copyto) {
        bool unsafe = false;
        if (b[2]) {
            if (b[2]->kind != Value::String ||
                (b[2]->text != "same_kind" && b[2]->text != "unsafe"))
                throw UserError(b[2]->loc, "np.copyto(): npc supports casting='same_kind' (the "
                                           "default) and 'unsafe'");
            unsafe = b[2]->text == "unsafe";
        }
        if (!unsafe)
            checkSameKind(value->type.dtype, value->type.weak, t, b[1]->loc);
        value = storedValue(value, t, b[1]->loc);
        // NumPy's ValueError for `what` ("input array", "where mask") of `from`'s shape.
        auto cannotBroadcast = [&](const char *what, const NodePtr &from) -> ShownMessage {
            return [=, &shape](std::vector<Dim> *shown) {
                std::string source = array::showShape(from->type.shape, shown); // shown first
                return fmt::format("could not broadcast {} from shape {} into shape {}", what,
                                   source, array::showShape(shape, shown));
            };
        };
        if (!shapeEqual(value->type.shape, shape)) {
            ShownMessage mismatch = cannotBroadcast("input array", value);
            if (value->type.rank() > target->type.rank())
                throw UserError(loc, mismatch(nullptr));
            value = broadcastChecked(value, shape, loc, mismatch);
        }
        if (b[3]) {
            NodePtr mask = requireArray(b[3], args, "where");
            if (!isBool(mask->type.dtype))
                throw UserError(b[3]->loc, "np.copyto(): where must be a bool array or True");
            mask = broadcastChecked(mask, shape, loc, cannotBroadcast("where mask", mask));
            value = array::makeWhere(mask, value, target, loc);
        }
        store(target, value, loc);
        return;
    }
    // np.fill_diagonal: a.flat[:end:step] = val, val repeated along the positions.
    int rank = target->type.rank();
    if (rank < 2)
        throw UserError(loc, "array must be at least 2-d");
    bool wrap = boolFlag(b[2], false, args, "wrap");
    auto constant = [&](int64_t v) { return array::makeIntConstant(v, DType::Int64, false, loc); };
    auto extent = [&](int axis) {
        return array::makeDimValue(shape[static_cast<size_t>(axis)], loc);
    };
    auto op = [&](array::BinaryOp o, const NodePtr &x, const NodePtr &y) {
        return exprs_.binary(o, x, y, loc);
    };
    // The flat (C-order) position of every element, and the step between diagonal ones:
    // 1 + the sum of the cumulative products of the extents before the last.
    NodePtr flat = constant(0), step = constant(1), product = constant(1);
    for (int axis = 0; axis < rank; ++axis) {
        flat = op(array::BinaryOp::Add, op(array::BinaryOp::Multiply, flat, extent(axis)),
                  array::makeIota(shape, axis, loc));
        if (axis < rank - 1) {
            product = op(array::BinaryOp::Multiply, product, extent(axis));
            step = op(array::BinaryOp::Add, step, product);
        }
    }
    if (rank == 2) // NumPy's 2-D step: a row and one more
        step = op(array::BinaryOp::Add, extent(1), constant(1));
    // NumPy's ValueError for a 3-D or wider array of unequal extents (on entry where only
    // the run time knows them).
    const char *unequal = "All dimensions of input must be of equal length";
    NodePtr fails;
    for (int axis = 1; rank > 2 && axis < rank; ++axis) {
        const Dim &d = shape[static_cast<size_t>(axis)];
        auto first = dimConstValue(shape[0]), other = dimConstValue(d);
        if (first && other && *first != *other)
            throw UserError(loc, unequal);
        if (dimEqual(shape[0], d))
            continue;
        NodePtr differs = op(array::BinaryOp::NotEqual, extent(0), extent(axis));
        fails = fails ? op(array::BinaryOp::LogicalOr, fails, differs) : differs;
    }
    NodePtr onDiagonal =
        op(array::BinaryOp::Equal, op(array::BinaryOp::Remainder, flat, step), constant(0));
    if (rank == 2 && !wrap) // end = a.shape[1] ** 2: a tall array's diagonal stops at its end
        onDiagonal = op(
            array::BinaryOp::LogicalAnd, onDiagonal,
            op(array::BinaryOp::Less, flat, op(array::BinaryOp::Multiply, extent(1), extent(1))));
    value = storedValue(raveled(exprs_, value, loc), t, b[1]->loc);
    if (dimIsConst(value->type.shape[0], 0)) // an empty val assigns nothing, as NumPy's
        return;
    if (!dimIsConst(value->type.shape[0], 1)) {
        // The k-th diagonal element takes val[k % len(val)], as NumPy's flat assignment; an
        // empty val writes nothing (read from a copy with one more element, in bounds).
        NodePtr length = array::makeDimValue(value->type.shape[0], loc);
        NodePtr k = op(array::BinaryOp::FloorDivide, flat, step);
        NodePtr at =
            op(array::BinaryOp::Remainder, k, op(array::BinaryOp::Maximum, length, constant(1)));
        NodePtr padded = array::makeConcat(
            {value, array::makeBroadcast(array::makeCast(constant(0), t, loc), {dimConst(1)}, loc)},
            0, {}, loc);
        value = exprs_.indexWithArrays(padded, {at}, loc);
        onDiagonal = op(array::BinaryOp::LogicalAnd, onDiagonal,
                        op(array::BinaryOp::Greater, length, constant(0)));
    } else {
        value = array::makeBroadcast(array::makeView(value, {array::ViewEntry::at(0)}, loc), shape,
                                     loc);
    }
    NodePtr filled = array::makeWhere(onDiagonal, value, target, loc);
    if (fails)
        filled = array::withChecks(filled, {conditionCheck(fails, "unequal extents", unequal)});
    store(target, filled, loc);
}

} // namespace npc::lowering
