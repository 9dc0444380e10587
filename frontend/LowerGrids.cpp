// Arrays given more axes, and grids of positions, as numpy/lib/_function_base_impl.py,
// numpy/_core/shape_base.py, numpy/_core/numeric.py and numpy/lib/_twodim_base_impl.py write
// them: np.meshgrid (each input raveled onto its own axis of the grid and broadcast over the
// others), np.atleast_1d, np.atleast_2d, np.atleast_3d (views with new axes), np.indices,
// np.tri, np.triu_indices, np.tril_indices and their _from forms, np.vander, np.diagflat.
#include "frontend/LowerContext.h"

#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::ViewEntry;

/// numpy.meshgrid(*xi, copy=True, sparse=False, indexing='xy'): a tuple with one array per
/// input: input i raveled onto axis i of the grid (axes 0 and 1 swapped for 'xy' with two
/// or more inputs), of shape (1, ..., n_i, ..., 1) when sparse, else broadcast over the
/// grid's shape and, with copy, a new array.
Value meshgrid(ExprLowering &lowering, const CallArgs &args) {
    CallArgs options{args.function, args.loc, {}, args.keywords, args.keywordLocs};
    auto b = bind(options, {{"copy", false}, {"sparse", false}, {"indexing", false}});
    bool copy = boolFlag(b[0], true, args, "copy");
    bool sparse = boolFlag(b[1], false, args, "sparse");
    bool xy = true;
    if (b[2]) {
        if (b[2]->kind != Value::String || (b[2]->text != "xy" && b[2]->text != "ij"))
            throw UserError(b[2]->loc, "Valid values for `indexing` are 'xy' and 'ij'.");
        xy = b[2]->text == "xy";
    }
    size_t n = args.positional.size();
    std::vector<NodePtr> flat;
    for (const Value &x : args.positional) {
        NodePtr v = asArray(lowering, x, args, "xi");
        flat.push_back(raveled(lowering, v, args.loc));
    }
    // The grid axis of each input.
    std::vector<size_t> axis(n);
    for (size_t i = 0; i < n; ++i)
        axis[i] = i;
    if (xy && n > 1)
        std::swap(axis[0], axis[1]);
    Shape grid(n);
    for (size_t i = 0; i < n; ++i)
        grid[axis[i]] = flat[i]->type.shape[0];
    std::vector<NodePtr> out;
    for (size_t i = 0; i < n; ++i) {
        std::vector<ViewEntry> entries(n, ViewEntry::newAxis());
        entries[axis[i]] = ViewEntry::all();
        NodePtr v = array::makeView(flat[i], std::move(entries), args.loc);
        if (!sparse)
            v = array::makeBroadcast(v, grid, args.loc);
        out.push_back(array::withName(copy ? array::makeCopy(v, args.loc) : v, "grid"));
    }
    return arrayTuple(std::move(out), args.loc);
}

/// numpy.atleast_1d / atleast_2d / atleast_3d(*arys): each input as an array of at least
/// `rank` axes, a view with new axes: a scalar gets (1,), (1, 1) or (1, 1, 1); a 1-D
/// array (1, n) for 2-D and (1, n, 1) for 3-D; a 2-D array (m, n, 1) for 3-D. One input
/// gives an array, several a tuple.
Handler atleast(int rank) {
    return [rank](ExprLowering &lowering, const CallArgs &args) {
        if (!args.keywords.empty())
            throw UserError(args.keywordLocs[0],
                            fmt::format("{}() got an unexpected keyword argument '{}'",
                                        args.function.substr(args.function.find('.') + 1),
                                        args.keywords[0].first));
        std::vector<NodePtr> out;
        for (const Value &x : args.positional) {
            NodePtr v = asArray(lowering, x, args, "arys");
            int r = v->type.rank();
            if (r < rank) {
                std::vector<ViewEntry> entries(static_cast<size_t>(r), ViewEntry::all());
                // NumPy: 1-D to 2-D and 3-D puts the new axis first; 2-D to 3-D appends.
                if (r == 1)
                    entries.insert(entries.begin(), ViewEntry::newAxis());
                while (static_cast<int>(entries.size()) < rank)
                    entries.push_back(ViewEntry::newAxis());
                v = array::makeView(v, std::move(entries), args.loc);
            }
            out.push_back(v);
        }
        if (out.size() == 1)
            return Value::array(out[0], args.loc);
        return arrayTuple(std::move(out), args.loc);
    };
}

/// An int argument `what` (a literal or a run-time int scalar) as an int64 node; `absent`
/// where it is not given.
NodePtr intArgument(const std::optional<Value> &v, int64_t absent, const CallArgs &args,
                    const char *what) {
    if (!v || v->kind == Value::None)
        return array::makeIntConstant(absent, DType::Int64, true, args.loc);
    NodePtr n = requireArray(v, args, what);
    if (n->type.rank() != 0 || !isInteger(n->type.dtype))
        throw UserError(v->loc, fmt::format("{}(): {} must be an integer", args.function, what));
    return n;
}

/// numpy.indices(dimensions, dtype=int, sparse=False): for each axis i of the grid
/// `dimensions` (a tuple of extents, literal or run-time), the positions along it: stacked
/// into one array of shape (len(dimensions), *dimensions), or with sparse=True a tuple of
/// arrays of extent 1 on the other axes.
Value indices(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"dimensions", true}, {"dtype", false}, {"sparse", false}});
    if (b[0]->kind != Value::Tuple)
        throw UserError(b[0]->loc, "np.indices(): npc needs dimensions as a tuple or list");
    Shape grid;
    for (const Value &d : b[0]->elements)
        grid.push_back(extentArgument(d, args, "dimensions"));
    DType t = dtypeArgument(b[1], args).value_or(DType::Int64);
    bool sparse = boolFlag(b[2], false, args, "sparse");
    SourceLoc loc = args.loc;
    std::vector<NodePtr> parts;
    for (size_t i = 0; i < grid.size(); ++i) {
        Shape shape = grid;
        if (sparse) {
            for (size_t k = 0; k < shape.size(); ++k)
                if (k != i)
                    shape[k] = dimConst(1);
            parts.push_back(
                array::makeCast(array::makeIota(shape, static_cast<int>(i), loc), t, loc));
        } else {
            shape.insert(shape.begin(), dimConst(1));
            parts.push_back(
                array::makeCast(array::makeIota(shape, static_cast<int>(i) + 1, loc), t, loc));
        }
    }
    if (sparse)
        return arrayTuple(std::move(parts), loc);
    if (parts.empty()) // np.indices(()): shape (0,)
        return Value::array(array::makeCast(array::makeIota({dimConst(0)}, 0, loc), t, loc), loc);
    return Value::array(array::withName(array::makeConcat(std::move(parts), 0, {}, loc), "indices"),
                        loc);
}

/// A size of np.tri / np.triu_indices, which NumPy passes to np.arange: an int (literal or
/// run time), negative ones giving empty ranges (np.tri(-1) is an empty array).
Dim rangeExtent(ExprLowering &lowering, const Value &v, const CallArgs &args, const char *what) {
    if (std::optional<int64_t> c = constantInt(v))
        return dimConst(std::max<int64_t>(*c, 0));
    if (v.kind != Value::Array || v.node->type.rank() != 0 || !isInteger(v.node->type.dtype))
        return extentArgument(v, args, what); // its error
    NodePtr clamped =
        lowering.binary(BinaryOp::Maximum, array::makeCast(v.node, DType::Int64, args.loc),
                        array::makeIntConstant(0, DType::Int64, false, args.loc), args.loc);
    return extentArgument(Value::array(clamped, v.loc), args, what);
}

/// The (N, M) grid of numpy.tri(N, M, k): true at and below the k-th diagonal (NumPy's
/// `greater_equal.outer(arange(N), arange(-k, M - k))`, `i >= j - k`).
NodePtr lowerTriangle(ExprLowering &lowering, const Dim &rows, const Dim &cols, const NodePtr &k,
                      SourceLoc loc) {
    Shape shape{rows, cols};
    NodePtr i = array::makeIota(shape, 0, loc), j = array::makeIota(shape, 1, loc);
    return lowering.binary(BinaryOp::GreaterEqual, i,
                           lowering.binary(BinaryOp::Subtract, j, k, loc), loc);
}

/// numpy.tri(N, M=None, k=0, dtype=float): ones at and below the k-th diagonal, zeros
/// above (float64, or float32 under --default-float float32).
Value tri(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"N", true}, {"M", false}, {"k", false}, {"dtype", false}});
    Dim rows = rangeExtent(lowering, *b[0], args, "N");
    Dim cols = b[1] && b[1]->kind != Value::None ? rangeExtent(lowering, *b[1], args, "M") : rows;
    NodePtr k = intArgument(b[2], 0, args, "k");
    DType t = dtypeArgument(b[3], args).value_or(defaultFloatDType());
    NodePtr mask = lowerTriangle(lowering, rows, cols, k, args.loc);
    return Value::array(array::withName(array::makeCast(mask, t, args.loc), "tri"), args.loc);
}

/// The (rows, cols) positions of the true elements of `mask` (C order), int64: NumPy's
/// `broadcast_to(inds, mask.shape)[mask]` for each of np.indices(mask.shape, sparse=True).
Value maskPositions(ExprLowering &lowering, const NodePtr &mask, SourceLoc loc) {
    std::vector<NodePtr> out;
    for (int axis : {0, 1})
        out.push_back(
            lowering.indexWithMask(array::makeIota(mask->type.shape, axis, loc), mask, loc));
    return arrayTuple(std::move(out), loc);
}

/// numpy.triu_indices / numpy.tril_indices(n, k=0, m=None): the row and column positions
/// of the (n, m) grid on and above (triu: `~tri(n, m, k - 1)`) or on and below (tril:
/// `tri(n, m, k)`) the k-th diagonal, in C order; int64 arrays whose length only the run
/// time may know.
Handler triangleIndices(bool upper) {
    return [upper](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"n", true}, {"k", false}, {"m", false}});
        Dim rows = rangeExtent(lowering, *b[0], args, "n");
        Dim cols =
            b[2] && b[2]->kind != Value::None ? rangeExtent(lowering, *b[2], args, "m") : rows;
        NodePtr k = intArgument(b[1], 0, args, "k");
        SourceLoc loc = args.loc;
        if (upper)
            k = lowering.binary(BinaryOp::Subtract, k,
                                array::makeIntConstant(1, DType::Int64, true, loc), loc);
        NodePtr mask = lowerTriangle(lowering, rows, cols, k, loc);
        if (upper)
            mask = lowering.unary(array::UnaryOp::LogicalNot, mask, loc);
        return maskPositions(lowering, mask, loc);
    };
}

/// numpy.triu_indices_from / numpy.tril_indices_from(arr, k=0): the triangle indices of
/// arr's (rows, cols); NumPy's ValueError unless arr is 2-D.
Handler triangleIndicesFrom(bool upper) {
    return [upper](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"arr", true}, {"k", false}});
        NodePtr arr = requireArray(b[0], args, "arr");
        if (arr->type.rank() != 2)
            throw UserError(args.loc, "input array must be 2-d");
        Value extents = *shapeAttribute(Value::array(arr, args.loc), "shape", args.loc);
        CallArgs call{
            upper ? "np.triu_indices" : "np.tril_indices", args.loc, {extents.elements[0]}, {}, {}};
        call.keywords.emplace_back("m", extents.elements[1]);
        call.keywordLocs.push_back(args.loc);
        if (b[1]) {
            call.keywords.emplace_back("k", *b[1]);
            call.keywordLocs.push_back(b[1]->loc);
        }
        return triangleIndices(upper)(lowering, call);
    };
}

/// numpy.vander(x, N=None, increasing=False): the powers of 1-D x in columns (N of them,
/// len(x) by default), highest first unless increasing, as NumPy computes them: a
/// multiply.accumulate of x along the row after a column of ones, in
/// promote_types(x.dtype, int) (int64 for integers and bools).
Value vander(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true}, {"N", false}, {"increasing", false}});
    SourceLoc loc = args.loc;
    NodePtr x = asArray(lowering, *b[0], args, "x");
    if (x->type.rank() != 1)
        throw UserError(b[0]->loc, "x must be a one-dimensional array or sequence.");
    Dim n = b[1] && b[1]->kind != Value::None ? extentArgument(*b[1], args, "N") : x->type.shape[0];
    bool increasing = boolFlag(b[2], false, args, "increasing");
    DType t = promoteDTypes(x->type.dtype, DType::Int64);
    x = array::makeCast(x, t, loc);
    Shape shape{x->type.shape[0], n};
    // Column 0: ones; column j > 0: x * column j - 1 (the running product).
    NodePtr column = array::makeIota(shape, 1, loc);
    NodePtr first = lowering.binary(BinaryOp::Equal, column,
                                    array::makeIntConstant(0, DType::Int64, false, loc), loc);
    NodePtr factors = array::makeWhere(
        first,
        array::makeBroadcast(
            array::makeCast(array::makeIntConstant(1, DType::Int64, false, loc), t, loc), shape,
            loc),
        array::makeBroadcast(array::makeView(x, {ViewEntry::all(), ViewEntry::newAxis()}, loc),
                             shape, loc),
        loc);
    NodePtr powers = array::makeScan(array::ReduceOp::Prod, factors, 1, loc);
    if (!increasing)
        powers = sliceAlong(powers, 1, std::nullopt, std::nullopt, -1, loc);
    return Value::array(array::withName(powers, "vander"), loc);
}

/// numpy.diagflat(v, k=0): np.diag of v flattened (a 2-D array with v on the k-th
/// diagonal).
Value diagflat(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"v", true}, {"k", false}});
    NodePtr v = raveled(lowering, asArray(lowering, *b[0], args, "v"), args.loc);
    CallArgs diag{args.function, args.loc, {Value::array(v, args.loc)}, {}, {}};
    if (b[1]) {
        diag.keywords.emplace_back("k", *b[1]);
        diag.keywordLocs.push_back(b[1]->loc);
    }
    return callNumPy(lowering, "numpy.diag", std::move(diag));
}

} // namespace

const std::map<std::string, Handler> &gridFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.meshgrid", meshgrid},
        {"numpy.atleast_1d", atleast(1)},
        {"numpy.atleast_2d", atleast(2)},
        {"numpy.atleast_3d", atleast(3)},
        {"numpy.indices", indices},
        {"numpy.tri", tri},
        {"numpy.triu_indices", triangleIndices(true)},
        {"numpy.tril_indices", triangleIndices(false)},
        {"numpy.triu_indices_from", triangleIndicesFrom(true)},
        {"numpy.tril_indices_from", triangleIndicesFrom(false)},
        {"numpy.vander", vander},
        {"numpy.diagflat", diagflat},
    };
    return table;
}

} // namespace npc::lowering
