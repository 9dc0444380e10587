// numpy.take, ndarray.take and numpy.take_along_axis (numpy/_core/fromnumeric.py,
// numpy/lib/_shape_base_impl.py): integer-array indexing along one axis, built on the
// subscript lowering's gathers (`a[:, idx]`), with NumPy's modes and errors.
#include "frontend/LowerContext.h"

#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;

/// The indices argument as int64 (NumPy converts it to intp with the 'same_kind' rule:
/// bools are 0 and 1); UserError with NumPy's TypeError for float and complex indices
/// (NumPy takes a Python float or a list of them, truncated; npc refuses those too).
NodePtr intIndices(ExprLowering &lowering, const Value &v, const CallArgs &args) {
    NodePtr idx = arrayArgument(lowering, v, args, "indices");
    if (isFloat(idx->type.dtype) && idx->type.weak)
        throw UserError(v.loc, fmt::format("{}(): npc needs integer indices (NumPy truncates a "
                                           "Python float: write int(...) for that)",
                                           args.function));
    if (!isInteger(idx->type.dtype) && !isBool(idx->type.dtype))
        throw UserError(v.loc, fmt::format("Cannot cast array data from dtype('{}') to "
                                           "dtype('int64') according to the rule 'same_kind'",
                                           dtypeName(idx->type.dtype)));
    return array::makeCast(idx, DType::Int64, v.loc);
}

/// numpy.take(a, indices, axis=None, out=None, mode='raise') and ndarray.take: `a` (raveled
/// without an axis) indexed along `axis` by `indices` (any shape, a list or a number):
/// a.shape[:axis] + indices.shape + a.shape[axis+1:]. mode 'raise' raises NumPy's IndexError
/// for an index out of bounds (negative ones count from the end), 'wrap' takes it modulo
/// the extent, 'clip' clips it to [0, n - 1] (negative ones to 0).
Value take(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(
        args, {{"a", true}, {"indices", true}, {"axis", false}, {"out", false}, {"mode", false}});
    rejectArgument(b[3], "out", args);
    SourceLoc loc = args.loc;
    NodePtr a = asArray(lowering, *b[0], args, "a");
    NodePtr idx = intIndices(lowering, *b[1], args);
    std::string mode = "raise";
    if (b[4]) {
        if (b[4]->kind != Value::String)
            throw UserError(b[4]->loc, "np.take(): npc needs mode as a string literal");
        mode = b[4]->text;
        if (mode != "raise" && mode != "wrap" && mode != "clip")
            throw UserError(b[4]->loc, fmt::format("clipmode must be one of 'clip', 'raise', or "
                                                   "'wrap' (got '{}')",
                                                   mode));
    }
    int axis = 0;
    if (!b[2] || b[2]->kind == Value::None)
        a = raveled(lowering, a, loc);
    else if (b[2]->kind == Value::Tuple)
        throw UserError(b[2]->loc, "np.take(): npc takes one axis here (an int literal)");
    else
        axis = normalizeAxes(b[2], a->type.rank(), args).at(0);
    const Dim &n = a->type.shape[static_cast<size_t>(axis)];
    if (mode != "raise") {
        NodePtr extent = array::makeCast(array::makeDimValue(n, loc), DType::Int64, false, loc);
        if (mode == "wrap") {
            idx = lowering.binary(BinaryOp::Remainder, idx, extent, loc);
        } else {
            NodePtr last =
                lowering.binary(BinaryOp::Subtract, extent,
                                array::makeIntConstant(1, DType::Int64, false, loc), loc);
            idx = lowering.binary(BinaryOp::Maximum,
                                  lowering.binary(BinaryOp::Minimum, idx, last, loc),
                                  array::makeIntConstant(0, DType::Int64, false, loc), loc);
        }
    }
    bool scalar = idx->type.rank() == 0;
    if (scalar) // gathered as a 1-element array, then that axis dropped
        idx = array::makeView(idx, {array::ViewEntry::newAxis()}, loc);
    std::vector<NodePtr> indices(static_cast<size_t>(a->type.rank()));
    indices[static_cast<size_t>(axis)] = idx;
    NodePtr out = lowering.indexWithArrays(a, indices, loc);
    if (scalar) {
        std::vector<array::ViewEntry> entries(static_cast<size_t>(out->type.rank()),
                                              array::ViewEntry::all());
        entries[static_cast<size_t>(axis)] = array::ViewEntry::at(0);
        out = array::makeView(out, std::move(entries), loc);
    }
    return Value::array(array::withName(out, "taken"), loc);
}

/// numpy.take_along_axis(arr, indices, axis): arr[i0, ..., indices[i0, ..., ik, ...], ...]
/// with `indices` (an integer array of arr's rank) broadcast against arr's other axes;
/// axis=None takes from the raveled arr with 1-D indices. NumPy's errors: IndexError for
/// non-integer indices and out-of-bounds elements, ValueError for unequal ranks.
Value takeAlongAxis(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"arr", true}, {"indices", true}, {"axis", true}});
    SourceLoc loc = args.loc;
    NodePtr a = asArray(lowering, *b[0], args, "arr");
    NodePtr idx = arrayArgument(lowering, *b[1], args, "indices");
    if (!isInteger(idx->type.dtype))
        throw UserError(b[1]->loc, "`indices` must be an integer array");
    idx = array::makeCast(idx, DType::Int64, loc);
    int axis = 0;
    if (b[2]->kind == Value::None) {
        if (idx->type.rank() != 1)
            throw UserError(b[1]->loc, "when axis=None, `indices` must have a single dimension.");
        a = raveled(lowering, a, loc);
    } else {
        if (b[2]->kind == Value::Tuple)
            throw UserError(b[2]->loc, "np.take_along_axis(): npc takes one axis here (an int "
                                       "literal)");
        axis = normalizeAxes(b[2], a->type.rank(), args).at(0);
    }
    int rank = a->type.rank();
    if (idx->type.rank() != rank)
        throw UserError(loc, "`indices` and `arr` must have the same number of dimensions");
    // NumPy's fancy index: arange(n_j) along every other axis j (shape 1 elsewhere).
    std::vector<NodePtr> indices;
    for (int j = 0; j < rank; ++j) {
        if (j == axis) {
            indices.push_back(idx);
            continue;
        }
        Shape shape(static_cast<size_t>(rank), dimConst(1));
        shape[static_cast<size_t>(j)] = a->type.shape[static_cast<size_t>(j)];
        indices.push_back(array::makeIota(std::move(shape), j, loc));
    }
    return Value::array(array::withName(lowering.indexWithArrays(a, indices, loc), "taken"), loc);
}

} // namespace

const std::map<std::string, Handler> &takeFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.take", take},
        {"ndarray.take", take},
        {"numpy.take_along_axis", takeAlongAxis},
    };
    return table;
}

} // namespace npc::lowering
