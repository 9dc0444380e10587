// NumPy functions that rearrange or select elements by their position, built from views,
// broadcasts, reshapes and gathers as NumPy defines them (numpy/lib/_shape_base_impl.py,
// _twodim_base_impl.py, numpy/_core/fromnumeric.py): np.tile, np.repeat (and
// ndarray.repeat), np.diagonal (and ndarray.diagonal), np.diag, np.trace (and
// ndarray.trace). Their results are new arrays (copies, fused into their consumers);
// np.rot90's are views.
#include "frontend/LowerContext.h"

#include <fmt/format.h>
#include <numeric>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;

/// A non-negative int literal argument (a repetition count); UserError otherwise.
int64_t countArgument(const Value &v, const CallArgs &args, const char *name) {
    std::optional<int64_t> c = constantInt(v);
    if (!c)
        throw UserError(v.loc,
                        fmt::format("{}(): npc needs {} as int literals", args.function, name));
    if (*c < 0)
        throw UserError(v.loc, "negative dimensions are not allowed");
    return *c;
}

/// `x` with a new axis of extent `count` after each axis `a` where `counts[a]` is set
/// (before it when `before`), each element repeated along it, then that axis merged into
/// the one beside it: `repeat` (after) and `tile` (before) in one reshape.
NodePtr spread(const NodePtr &x, const std::vector<int64_t> &counts, bool before, SourceLoc loc) {
    std::vector<array::ViewEntry> entries;
    Shape wide, merged;
    for (size_t a = 0; a < counts.size(); ++a) {
        const Dim &n = x->type.shape[a];
        Dim c = dimConst(counts[a]);
        if (before) {
            entries.push_back(array::ViewEntry::newAxis());
            wide.push_back(c);
        }
        entries.push_back(array::ViewEntry::all());
        wide.push_back(n);
        if (!before) {
            entries.push_back(array::ViewEntry::newAxis());
            wide.push_back(c);
        }
        merged.push_back(dimProduct({n, c}));
    }
    NodePtr v = array::makeView(x, std::move(entries), loc);
    return array::makeCopy(array::makeReshape(array::makeBroadcast(v, wide, loc), merged, {}, loc),
                           loc);
}

/// numpy.tile(A, reps): `A` repeated `reps[i]` times along each axis, after `A` is given
/// leading axes of extent 1 or `reps` leading 1s so both have one length. `reps` is an
/// int literal or a tuple of them.
Value tile(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"A", true}, {"reps", true}});
    NodePtr x = requireArray(b[0], args, "A");
    std::vector<Value> items = b[1]->kind == Value::Tuple ? b[1]->elements : std::vector{*b[1]};
    std::vector<int64_t> reps;
    for (const Value &item : items)
        reps.push_back(countArgument(item, args, "reps"));
    size_t rank = std::max(reps.size(), static_cast<size_t>(x->type.rank()));
    reps.insert(reps.begin(), rank - reps.size(), 1);
    if (static_cast<size_t>(x->type.rank()) < rank) {
        std::vector<array::ViewEntry> entries(rank - static_cast<size_t>(x->type.rank()),
                                              array::ViewEntry::newAxis());
        entries.insert(entries.end(), static_cast<size_t>(x->type.rank()), array::ViewEntry::all());
        x = array::makeView(x, std::move(entries), args.loc);
    }
    return Value::array(array::withName(spread(x, reps, true, args.loc), "tile"), args.loc);
}

/// numpy.repeat(a, repeats, axis=None) and ndarray.repeat: each element `repeats` times
/// along `axis`, or of the flattened array in C order. `repeats` is an int literal (not an
/// array of counts).
Value repeat(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"repeats", true}, {"axis", false}});
    NodePtr x = requireArray(b[0], args, "a");
    if (b[1]->kind != Value::Array || b[1]->node->type.rank() != 0)
        throw UserError(b[1]->loc, fmt::format("{}(): npc needs repeats as an int literal (not "
                                               "an array of counts)",
                                               args.function));
    int64_t count = countArgument(*b[1], args, "repeats");
    std::optional<int> axis;
    if (b[2] && b[2]->kind != Value::None)
        axis = normalizeAxes(b[2], x->type.rank(), args).at(0);
    if (!axis)
        x = callNumPy(lowering, "numpy.ravel", CallArgs{"np.ravel", args.loc, {*b[0]}, {}, {}})
                .node;
    std::vector<int64_t> counts(static_cast<size_t>(x->type.rank()), 1);
    counts.at(static_cast<size_t>(axis.value_or(0))) = count;
    return Value::array(array::withName(spread(x, counts, false, args.loc), "repeat"), args.loc);
}

/// The `offset`-th diagonal of `a` in the plane of axes `axis1` and `axis2`
/// (numpy.diagonal): a's other axes, then the diagonal's, of length
/// `max(0, min(n1 - max(-offset, 0), n2 - max(offset, 0)))`. A gather of a at two iotas.
NodePtr diagonal(ExprLowering &lowering, const NodePtr &a, int64_t offset, int axis1, int axis2,
                 SourceLoc loc) {
    const Dim &n1 = a->type.shape[static_cast<size_t>(axis1)];
    const Dim &n2 = a->type.shape[static_cast<size_t>(axis2)];
    int64_t skip1 = std::max<int64_t>(-offset, 0), skip2 = std::max<int64_t>(offset, 0);
    Dim length;
    auto c1 = dimConstValue(n1), c2 = dimConstValue(n2);
    if (c1 && c2) {
        length = dimConst(std::max<int64_t>(0, std::min(*c1 - skip1, *c2 - skip2)));
    } else {
        auto extent = [&](const Dim &n, int64_t skip) {
            return lowering.binary(BinaryOp::Subtract, array::makeDimValue(n, loc),
                                   array::makeIntConstant(skip, DType::Int64, false, loc), loc);
        };
        NodePtr shorter =
            lowering.binary(BinaryOp::Minimum, extent(n1, skip1), extent(n2, skip2), loc);
        NodePtr value = lowering.binary(BinaryOp::Maximum, shorter,
                                        array::makeIntConstant(0, DType::Int64, false, loc), loc);
        length = dimValue(value, "len(diagonal)");
    }
    NodePtr position = array::makeIota(Shape{length}, 0, loc);
    auto index = [&](int64_t skip) {
        return lowering.binary(BinaryOp::Add, position,
                               array::makeIntConstant(skip, DType::Int64, false, loc), loc);
    };
    std::vector<NodePtr> indices = {index(skip1), index(skip2)};
    std::vector<int> axes = {axis1, axis2};
    if (axis1 > axis2) {
        std::swap(indices[0], indices[1]);
        std::swap(axes[0], axes[1]);
    }
    // The diagonal's axis comes first from the gather; NumPy puts it last.
    NodePtr gathered = array::makeGather(a, std::move(indices), std::move(axes), 0, {-1, -1}, loc);
    std::vector<int> order(static_cast<size_t>(gathered->type.rank()));
    std::iota(order.begin(), order.end(), 1);
    order.back() = 0;
    return array::makeTranspose(gathered, std::move(order), loc);
}

/// The arguments offset, axis1 and axis2 of numpy.diagonal and numpy.trace (binding
/// positions `first`, `first + 1`, `first + 2`): an int literal and two distinct axes.
std::tuple<int64_t, int, int> diagonalPlane(const std::vector<std::optional<Value>> &b,
                                            size_t first, int rank, const CallArgs &args) {
    int64_t offset = 0;
    if (b[first]) {
        std::optional<int64_t> k = constantInt(*b[first]);
        if (!k)
            throw UserError(b[first]->loc,
                            fmt::format("{}(): npc needs offset as an int literal", args.function));
        offset = *k;
    }
    if (rank < 2)
        throw UserError(args.loc, "diag requires an array of at least two dimensions");
    auto axisArgument = [&](size_t i, int fallback) {
        return b[i] ? normalizeAxes(b[i], rank, args).at(0) : fallback;
    };
    int axis1 = axisArgument(first + 1, 0), axis2 = axisArgument(first + 2, 1);
    if (axis1 == axis2)
        throw UserError(args.loc, "axis1 and axis2 cannot be the same");
    return {offset, axis1, axis2};
}

/// numpy.diagonal(a, offset=0, axis1=0, axis2=1) and ndarray.diagonal: a copy (NumPy's is
/// a read-only view).
Value diagonalFunction(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"offset", false}, {"axis1", false}, {"axis2", false}});
    NodePtr a = requireArray(b[0], args, "a");
    auto [offset, axis1, axis2] = diagonalPlane(b, 1, a->type.rank(), args);
    return Value::array(
        array::withName(
            array::makeCopy(diagonal(lowering, a, offset, axis1, axis2, args.loc), args.loc),
            "diagonal"),
        args.loc);
}

/// numpy.trace(a, offset=0, axis1=0, axis2=1, dtype=None) and ndarray.trace: numpy.sum of
/// the diagonal along its axis (sum's dtypes: int64 for small integers and bool).
Value trace(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true},
                         {"offset", false},
                         {"axis1", false},
                         {"axis2", false},
                         {"dtype", false},
                         {"out", false}});
    rejectArgument(b[5], "out", args);
    NodePtr a = requireArray(b[0], args, "a");
    auto [offset, axis1, axis2] = diagonalPlane(b, 1, a->type.rank(), args);
    NodePtr d = diagonal(lowering, a, offset, axis1, axis2, args.loc);
    CallArgs sum{args.function, args.loc, {Value::array(d, args.loc)}, {}, {}};
    sum.keywords.emplace_back(
        "axis", Value::array(array::makeIntConstant(-1, DType::Int64, true, args.loc), args.loc));
    sum.keywordLocs.push_back(args.loc);
    if (b[4]) {
        sum.keywords.emplace_back("dtype", *b[4]);
        sum.keywordLocs.push_back(b[4]->loc);
    }
    return callNumPy(lowering, "numpy.sum", sum);
}

/// numpy.diag(v, k=0): of a 1-D `v`, a square array of `len(v) + |k|` with `v` on its
/// k-th diagonal and zeros elsewhere; of a 2-D `v`, its k-th diagonal (a copy).
Value diag(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"v", true}, {"k", false}});
    NodePtr v = requireArray(b[0], args, "v");
    int64_t k = 0;
    if (b[1]) {
        std::optional<int64_t> given = constantInt(*b[1]);
        if (!given)
            throw UserError(b[1]->loc, "np.diag(): npc needs k as an int literal");
        k = *given;
    }
    SourceLoc loc = args.loc;
    if (v->type.rank() == 2)
        return Value::array(
            array::withName(array::makeCopy(diagonal(lowering, v, k, 0, 1, loc), loc), "diag"),
            loc);
    if (v->type.rank() != 1)
        throw UserError(loc, "Input must be 1- or 2-d.");
    // v followed by |k| zeros, read down the rows (k >= 0) or along the columns (k < 0).
    int64_t pad = k < 0 ? -k : k;
    NodePtr zero = array::makeCast(array::makeIntConstant(0, DType::Int64, false, loc),
                                   v->type.dtype, false, loc);
    NodePtr padded = v;
    if (pad) {
        std::vector<NodePtr> parts = {v, array::makeBroadcast(zero, Shape{dimConst(pad)}, loc)};
        padded = array::makeConcat(std::move(parts), 0, {}, loc);
    }
    Dim n = padded->type.shape[0];
    Shape square = {n, n};
    std::vector<array::ViewEntry> entries = {array::ViewEntry::all()};
    entries.insert(k >= 0 ? entries.end() : entries.begin(), array::ViewEntry::newAxis());
    NodePtr values =
        array::makeBroadcast(array::makeView(padded, std::move(entries), loc), square, loc);
    NodePtr offset = lowering.binary(BinaryOp::Subtract, array::makeIota(square, 1, loc),
                                     array::makeIota(square, 0, loc), loc);
    NodePtr onDiagonal = lowering.binary(BinaryOp::Equal, offset,
                                         array::makeIntConstant(k, DType::Int64, false, loc), loc);
    NodePtr out =
        array::makeWhere(onDiagonal, values, array::makeBroadcast(zero, square, loc), loc);
    return Value::array(array::withName(out, "diag"), loc);
}

/// numpy.rot90(m, k=1, axes=(0, 1)): m rotated by 90 degrees k times in the plane of
/// `axes` (int literals), from the first axis towards the second, as NumPy builds it: views
/// flipped along axes[1] and with the two axes swapped (k % 4 == 1: flip then transpose;
/// 3: transpose then flip; 2: flipped along both). NumPy's ValueErrors for bad axes.
Value rot90(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"m", true}, {"k", false}, {"axes", false}});
    NodePtr m = requireArray(b[0], args, "m");
    int64_t k = 1;
    if (b[1]) {
        std::optional<int64_t> given = constantInt(*b[1]);
        if (!given)
            throw UserError(b[1]->loc, "np.rot90(): npc needs k as an int literal");
        k = ((*given % 4) + 4) % 4; // Python's k % 4
    }
    std::vector<int64_t> axes = {0, 1};
    if (b[2]) {
        if (b[2]->kind != Value::Tuple)
            throw UserError(b[2]->loc, "np.rot90(): npc needs axes as a pair of int literals");
        if (b[2]->elements.size() != 2)
            throw UserError(b[2]->loc, "len(axes) must be 2.");
        for (size_t i : {0, 1}) {
            std::optional<int64_t> a = constantInt(b[2]->elements[i]);
            if (!a)
                throw UserError(b[2]->elements[i].loc,
                                "np.rot90(): npc needs axes as a pair of int literals");
            axes[i] = *a;
        }
    }
    int64_t r = m->type.rank();
    if (axes[0] == axes[1] || std::abs(axes[0] - axes[1]) == r)
        throw UserError(args.loc, "Axes must be different.");
    if (axes[0] >= r || axes[0] < -r || axes[1] >= r || axes[1] < -r)
        throw UserError(args.loc, fmt::format("Axes=({}, {}) out of range for array of ndim={}.",
                                              axes[0], axes[1], r));
    int a0 = static_cast<int>(axes[0] < 0 ? axes[0] + r : axes[0]);
    int a1 = static_cast<int>(axes[1] < 0 ? axes[1] + r : axes[1]);
    auto flipped = [&](const NodePtr &v, int axis) {
        return sliceAlong(v, axis, std::nullopt, std::nullopt, -1, args.loc);
    };
    std::vector<int> order(static_cast<size_t>(r));
    std::iota(order.begin(), order.end(), 0);
    std::swap(order[static_cast<size_t>(a0)], order[static_cast<size_t>(a1)]);
    NodePtr out = m;
    if (k == 2)
        out = flipped(flipped(m, a0), a1);
    else if (k == 1)
        out = array::makeTranspose(flipped(m, a1), order, args.loc);
    else if (k == 3)
        out = flipped(array::makeTranspose(m, order, args.loc), a1);
    return Value::array(out, args.loc);
}

} // namespace

const std::map<std::string, Handler> &arrayLayoutFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.tile", tile},
        {"numpy.repeat", repeat},
        {"ndarray.repeat", repeat},
        {"numpy.diagonal", diagonalFunction},
        {"ndarray.diagonal", diagonalFunction},
        {"numpy.trace", trace},
        {"ndarray.trace", trace},
        {"numpy.diag", diag},
        {"numpy.rot90", rot90},
    };
    return table;
}

} // namespace npc::lowering
