// numpy.insert and numpy.delete (numpy/lib/_function_base_impl.py): new arrays with the
// entries of `values` inserted before one index, or without the entries at some indices,
// along an axis or of the flattened array (axis=None).
#include "frontend/LowerContext.h"

#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;

NodePtr int64Constant(int64_t v, SourceLoc loc) {
    return array::makeIntConstant(v, DType::Int64, true, loc);
}

/// The array np.insert and np.delete work on and the axis: `axis`, or for None the
/// flattened array's only axis.
std::pair<NodePtr, int> workingAxis(ExprLowering &lowering, const Value &arr,
                                    const std::optional<Value> &axis, const CallArgs &args) {
    NodePtr a = asArray(lowering, arr, args, "arr");
    if (!axis || axis->kind == Value::None)
        return {a->type.rank() == 1 ? a : raveled(lowering, a, args.loc), 0};
    return {a, normalizeAxes(axis, a->type.rank(), args).at(0)};
}

NodePtr movedAxis(ExprLowering &lowering, const NodePtr &a, int from, int to, SourceLoc loc) {
    if (from == to)
        return a;
    return callNumPy(lowering, "numpy.moveaxis",
                     CallArgs{"np.moveaxis",
                              loc,
                              {Value::array(a, loc), Value::array(int64Constant(from, loc), loc),
                               Value::array(int64Constant(to, loc), loc)},
                              {},
                              {}})
        .node;
}

/// `index` (an int64 scalar) counted from the end where negative, after a check of
/// `lo <= index < hi` (both offsets from -n and n) that raises NumPy's IndexError "index
/// I is out of bounds for axis A with size N": at compile time where both are constants.
NodePtr wrappedIndex(ExprLowering &lowering, NodePtr index, int axis, const Dim &n, bool endAllowed,
                     bool bracketed, SourceLoc loc) {
    // NumPy shows the index as given: np.insert's one-element list in brackets.
    const char *format = bracketed ? "index [{}] is out of bounds for axis {} with size {}"
                                   : "index {} is out of bounds for axis {} with size {}";
    const array::Node *c = index.get();
    while (c->kind == array::NodeKind::Cast || c->kind == array::NodeKind::View)
        c = c->operand().get(); // np.int8(3), [3][0]
    auto ci =
        c->kind == array::NodeKind::Constant && c->type.rank() == 0 && isInteger(c->type.dtype)
            ? std::optional(c->intValue)
            : std::nullopt;
    auto cn = dimConstValue(n);
    if (ci && cn) {
        if (*ci < -*cn || *ci > *cn || (*ci == *cn && !endAllowed))
            throw UserError(loc, fmt::format(fmt::runtime(format), *ci, axis, *cn));
        return int64Constant(*ci < 0 ? *ci + *cn : *ci, loc);
    }
    if (index->kind != array::NodeKind::Constant && index->kind != array::NodeKind::Param &&
        index->kind != array::NodeKind::Var)
        index = lowering.materialized(array::withName(index, "index"), loc);
    NodePtr size = array::makeDimValue(n, loc);
    NodePtr below = array::makeBinary(BinaryOp::Less, index,
                                      lowering.unary(array::UnaryOp::Negative, size, loc), loc);
    NodePtr above = array::makeBinary(endAllowed ? BinaryOp::Greater : BinaryOp::GreaterEqual,
                                      index, size, loc);
    array::ExtentCheck check = conditionCheck(
        array::makeBinary(BinaryOp::LogicalOr, below, above, loc), "index out of bounds", "");
    check.exception = "IndexError";
    std::string shownIndex = array::showExtent(dimValue(index, "index"), &check.shown);
    std::string shownSize = array::showExtent(n, &check.shown);
    check.message = fmt::format(fmt::runtime(format), shownIndex, axis, shownSize);
    NodePtr negative = array::makeBinary(BinaryOp::Less, index, int64Constant(0, loc), loc);
    NodePtr wrapped =
        array::makeWhere(negative, array::makeBinary(BinaryOp::Add, index, size, loc), index, loc);
    return array::withChecks(wrapped, {check});
}

/// numpy.delete(arr, obj, axis=None): arr without the entries along `axis` at `obj`, an
/// int (negative from the end), an integer array or list (repeats delete once), or a
/// bool array of the axis's length (the entries where it is true). NumPy's IndexError for
/// indices out of bounds; ValueError for a bool array of another shape.
Value deleteEntries(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"arr", true}, {"obj", true}, {"axis", false}});
    SourceLoc loc = args.loc;
    auto [arr, axis] = workingAxis(lowering, *b[0], b[2], args);
    const Dim n = arr->type.shape[static_cast<size_t>(axis)];
    const Value &given = *b[1];
    if (given.kind == Value::Tuple && given.elements.empty()) // [] deletes nothing
        return Value::array(array::makeCopy(arr, loc), loc);
    NodePtr obj = asArray(lowering, given, args, "obj");
    NodePtr positions = array::makeIota({n}, 0, loc);
    NodePtr keep;
    if (isBool(obj->type.dtype)) {
        auto message = [&](std::vector<Dim> *shown) {
            return fmt::format("boolean array argument obj to delete must be one dimensional "
                               "and match the axis length of {}",
                               array::showExtent(n, shown));
        };
        if (obj->type.rank() != 1 || (dimConstValue(obj->type.shape[0]) && dimConstValue(n) &&
                                      !dimEqual(obj->type.shape[0], n)))
            throw UserError(given.loc, message(nullptr));
        keep = lowering.unary(array::UnaryOp::LogicalNot, obj, loc);
        if (!dimEqual(obj->type.shape[0], n))
            keep = array::withChecks(array::makeBroadcast(keep, {n}, loc),
                                     {shownCheck(obj->type.shape[0], n, false, message)});
    } else if (!isInteger(obj->type.dtype)) {
        throw UserError(given.loc, "arrays used as indices must be of integer (or boolean) type");
    } else if (obj->type.rank() == 0 || dimIsConst(dimProduct(obj->type.shape), 1)) {
        // One index (also a one-element array, as NumPy takes it).
        NodePtr index = array::makeCast(obj->type.rank() == 0 ? obj : raveled(lowering, obj, loc),
                                        DType::Int64, loc);
        if (index->type.rank() == 1)
            index = array::makeView(index, {array::ViewEntry::at(0)}, loc);
        NodePtr at = wrappedIndex(lowering, index, axis, n, false, false, given.loc);
        keep = array::makeBinary(BinaryOp::NotEqual, positions, array::makeBroadcast(at, {n}, loc),
                                 loc);
    } else {
        // keep[obj] = False: the indices checked and wrapped (NumPy's IndexError names axis
        // 0 of keep), sorted, and each position kept where no index equals it.
        NodePtr flat = array::makeCast(raveled(lowering, obj, loc), DType::Int64, loc);
        NodePtr at = lowering.indexWithArrays(positions, {flat}, loc);
        NodePtr sorted = array::makeSort(at, 0, false, loc);
        auto search = [&](const char *side) {
            return callNumPy(lowering, "numpy.searchsorted",
                             CallArgs{"np.searchsorted",
                                      loc,
                                      {Value::array(sorted, loc), Value::array(positions, loc)},
                                      {{"side", Value{Value::String, nullptr, {}, {}, side, loc}}},
                                      {loc}})
                .node;
        };
        keep = array::makeBinary(BinaryOp::Equal, search("left"), search("right"), loc);
    }
    NodePtr kept = lowering.indexWithMask(movedAxis(lowering, arr, axis, 0, loc), keep, loc);
    return Value::array(array::withName(movedAxis(lowering, kept, 0, axis, loc), "deleted"), loc);
}

/// numpy.insert(arr, obj, values, axis=None) of one index `obj` (an int, or a one-element
/// array): arr with `values`, converted to arr's dtype as np.array(values, dtype=...) and
/// broadcast to the inserted entries' shape, inserted before entry `obj` along `axis`
/// (negative from the end; len(arr) appends). NumPy's IndexError for an index beyond
/// [-n, n]; ValueError where values do not broadcast.
Value insertEntries(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"arr", true}, {"obj", true}, {"values", true}, {"axis", false}});
    SourceLoc loc = args.loc;
    auto [arr, axis] = workingAxis(lowering, *b[0], b[3], args);
    const size_t ax = static_cast<size_t>(axis);
    const Dim n = arr->type.shape[ax];
    const Value &given = *b[1];
    NodePtr obj = asArray(lowering, given, args, "obj");
    if (!isInteger(obj->type.dtype))
        throw UserError(given.loc, isBool(obj->type.dtype)
                                       ? "np.insert() with a bool index is not supported by "
                                         "npc (NumPy converts it to an int, with a warning)"
                                       : "arrays used as indices must be of integer (or "
                                         "boolean) type");
    if (obj->type.rank() > 1)
        throw UserError(given.loc, "index array argument obj to insert must be one dimensional "
                                   "or scalar");
    if (obj->type.rank() == 1 && !dimIsConst(obj->type.shape[0], 1))
        throw UserError(given.loc, "np.insert() at several indices is not supported by npc "
                                   "yet: insert at one index at a time");
    NodePtr index = array::makeCast(obj, DType::Int64, loc);
    if (index->type.rank() == 1)
        index = array::makeView(index, {array::ViewEntry::at(0)}, loc);
    NodePtr at = wrappedIndex(lowering, index, axis, n, true, obj->type.rank() == 1, given.loc);
    if (at->kind != array::NodeKind::Constant)
        at = lowering.materialized(array::withName(at, "index"), loc);

    // values = np.array(values, dtype=arr.dtype, ndmin=arr.ndim); for a scalar obj its
    // first axis moves to `axis` (NumPy inserts as a[:, 0:1] = values would).
    NodePtr values = callNumPy(lowering, "numpy.array",
                               CallArgs{"np.array",
                                        loc,
                                        {*b[2]},
                                        {{"dtype", Value{Value::String,
                                                         nullptr,
                                                         {},
                                                         {},
                                                         std::string(dtypeName(arr->type.dtype)),
                                                         loc}}},
                                        {loc}})
                         .node;
    if (values->type.rank() < arr->type.rank()) {
        std::vector<array::ViewEntry> entries(
            static_cast<size_t>(arr->type.rank() - values->type.rank()),
            array::ViewEntry::newAxis());
        entries.resize(static_cast<size_t>(arr->type.rank()), array::ViewEntry::all());
        values = array::makeView(values, std::move(entries), loc);
    }
    if (obj->type.rank() == 0)
        values = movedAxis(lowering, values, 0, axis, loc);
    Shape slab = arr->type.shape;
    slab[ax] = values->type.shape[ax]; // the number of entries inserted
    // The assignment into the slab drops leading extents of 1, as NumPy's setitem does.
    while (values->type.rank() > arr->type.rank() && dimIsConst(values->type.shape[0], 1)) {
        std::vector<array::ViewEntry> entries(static_cast<size_t>(values->type.rank()),
                                              array::ViewEntry::all());
        entries[0] = array::ViewEntry::at(0);
        values = array::makeView(values, std::move(entries), loc);
    }
    auto mismatch = [&](std::vector<Dim> *shown) {
        std::string from = array::showShape(values->type.shape, shown);
        return fmt::format("could not broadcast input array from shape {} into shape {}", from,
                           array::showShape(slab, shown));
    };
    if (values->type.rank() > arr->type.rank())
        throw UserError(b[2]->loc, mismatch(nullptr));
    if (!shapeEqual(values->type.shape, slab))
        values = broadcastChecked(values, slab, b[2]->loc, mismatch);

    // arr[..., :at], values, arr[..., at:] joined along the axis.
    auto part = [&](bool head) {
        std::vector<array::ViewEntry> entries(static_cast<size_t>(arr->type.rank()),
                                              array::ViewEntry::all());
        std::vector<NodePtr> dynamic;
        if (at->kind == array::NodeKind::Constant) {
            (head ? entries[ax].stop : entries[ax].start) = at->intValue;
        } else {
            dynamic.push_back(at);
            (head ? entries[ax].stopOperand : entries[ax].startOperand) = 1;
        }
        return Value::array(array::makeView(arr, std::move(entries), loc, std::move(dynamic)), loc);
    };
    Value parts = arrayTuple({part(true).node, values, part(false).node}, loc);
    return callNumPy(
        lowering, "numpy.concatenate",
        CallArgs{
            "np.concatenate", loc, {parts, Value::array(int64Constant(axis, loc), loc)}, {}, {}});
}

} // namespace

const std::map<std::string, Handler> &insertDeleteFunctions() {
    static const std::map<std::string, Handler> table = {{"numpy.delete", deleteEntries},
                                                         {"numpy.insert", insertEntries}};
    return table;
}

} // namespace npc::lowering
