// numpy.pad (numpy/lib/_arraypad_impl.py) in its 'constant' and 'edge' modes. NumPy pads
// one axis after another, each from the array the axes before it padded; here each axis
// joins its before and after blocks to that array (np.concatenate), so the corners hold
// what NumPy's do: the constant, or the edge of the edge.
#include "frontend/LowerContext.h"

#include <array>
#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::NodePtr;

/// One (before, after) pair per axis, as numpy.pad's _as_pairs broadcasts its argument to
/// shape (rank, 2): a number, a pair, a 1-tuple, or one pair (or 1-tuple) per axis,
/// written as (nested) tuples or lists. A UserError naming `what` otherwise.
std::vector<std::array<Value, 2>> asPairs(const Value &v, int rank, const CallArgs &args,
                                          const char *what) {
    auto bad = [&](SourceLoc loc) {
        return UserError(loc, fmt::format("{}(): '{}' must be a number, a pair (before, after), "
                                          "or one pair per axis ((before, after), ...); this "
                                          "array has {} axes",
                                          args.function, what, rank));
    };
    // The grid of values, one row per axis (or one row for all) of one or two columns.
    std::vector<std::vector<Value>> rows;
    if (v.kind != Value::Tuple) {
        rows = {{v}};
    } else if (!v.elements.empty() && v.elements.front().kind != Value::Tuple) {
        rows = {v.elements};
    } else {
        for (const Value &row : v.elements) {
            if (row.kind != Value::Tuple)
                throw bad(row.loc);
            rows.push_back(row.elements);
        }
    }
    size_t columns = rows.empty() ? 0 : rows.front().size();
    for (const auto &row : rows) {
        if (row.size() != columns || columns < 1 || columns > 2)
            throw bad(v.loc);
        for (const Value &item : row)
            if (item.kind == Value::Tuple)
                throw bad(item.loc);
    }
    if (rows.size() != 1 && rows.size() != static_cast<size_t>(rank))
        throw bad(v.loc);
    std::vector<std::array<Value, 2>> pairs(static_cast<size_t>(rank));
    for (size_t a = 0; a < pairs.size(); ++a)
        for (size_t side = 0; side < 2; ++side)
            pairs[a][side] = rows[rows.size() == 1 ? 0 : a][columns == 1 ? 0 : side];
    return pairs;
}

/// A pad width: an int, literal or run-time; NumPy's ValueError when it is negative (at
/// run time for a run-time one).
Dim padWidth(const Value &v, const CallArgs &args) {
    if (v.kind != Value::Array || v.node->type.rank() != 0 || !isInteger(v.node->type.dtype))
        throw UserError(v.loc, "`pad_width` must be of integral type.");
    return extentArgument(v, args, "pad_width", "index can't contain negative values");
}

/// A constant_values entry converted to the padded array's dtype `t` as NumPy does: made
/// an array (a Python int an int64, a float a float64), then cast unsafely (-1 is 255 in
/// uint8, 1.7 is 1 in an integer array).
NodePtr padValue(const Value &v, DType t, const CallArgs &args) {
    if (v.kind != Value::Array || v.node->type.rank() != 0)
        throw UserError(v.loc,
                        fmt::format("{}(): 'constant_values' must be numbers", args.function));
    NodePtr c = v.node;
    if (c->type.weak)
        c = array::makeCast(c, constructorDType(c), false, v.loc);
    return c->type.dtype == t ? c : array::makeCast(c, t, v.loc);
}

/// numpy.pad(array, pad_width, mode='constant', constant_values=0) and mode='edge'.
Value pad(ExprLowering &, const CallArgs &args) {
    auto b = bind(
        args, {{"array", true}, {"pad_width", true}, {"mode", false}, {"constant_values", false}});
    NodePtr x = requireArray(b[0], args, "array");
    if (x->type.weak)
        x = array::makeCast(x, constructorDType(x), false, args.loc);
    std::string mode = "constant";
    if (b[2]) {
        if (b[2]->kind != Value::String)
            throw UserError(b[2]->loc, fmt::format("{}(): mode must be a string such as "
                                                   "'constant'",
                                                   args.function));
        mode = b[2]->text;
    }
    if (mode != "constant" && mode != "edge")
        throw UserError(b[2]->loc, fmt::format("{}(): mode '{}' is not supported by npc yet "
                                               "(npc pads with 'constant' and 'edge')",
                                               args.function, mode));
    if (b[3] && mode != "constant")
        throw UserError(b[3]->loc, fmt::format("unsupported keyword arguments for mode '{}': "
                                               "{{'constant_values'}}",
                                               mode));
    int rank = x->type.rank();
    auto widths = asPairs(*b[1], rank, args, "pad_width");
    std::vector<std::array<Dim, 2>> extents;
    for (const auto &pair : widths)
        extents.push_back({padWidth(pair[0], args), padWidth(pair[1], args)});
    std::vector<std::array<Value, 2>> values;
    if (b[3] && b[3]->kind != Value::None)
        values = asPairs(*b[3], rank, args, "constant_values");
    NodePtr out = rank == 0 ? array::makeCopy(x, args.loc) : x;
    for (int a = 0; a < rank; ++a) {
        const auto &[before, after] = extents[static_cast<size_t>(a)];
        Dim total = dimAdd({before, after});
        if (dimIsConst(total, 0))
            continue;
        std::vector<array::ExtentCheck> checks;
        const Dim &n = out->type.shape[static_cast<size_t>(a)];
        if (mode == "edge") {
            // NumPy's ValueError when a non-zero width meets an empty axis: the check
            // min(n, m) == m for m = min(before + after, 1).
            std::string message = fmt::format("can't extend empty axis {} using modes other "
                                              "than 'constant' or 'empty'",
                                              a);
            if (dimIsConst(n, 0) && dimConstValue(total))
                throw UserError(args.loc, message);
            Dim m = dimSlice(total, 0, 1, 1);
            Dim limited =
                dimConstValue(m)
                    ? dimSlice(n, 0, *dimConstValue(m), 1)
                    : dimSliceDynamic(
                          n, 0, {}, std::nullopt,
                          dimValue(array::makeDimValue(m, args.loc), "min(pad width, 1)"), 1);
            checks.emplace_back(limited, m, false, message);
        }
        std::vector<NodePtr> parts = {out};
        for (int side = 0; side < 2; ++side) {
            const Dim &width = side == 0 ? before : after;
            if (dimIsConst(width, 0))
                continue;
            NodePtr source; // broadcast along axis `a` to `width`
            if (mode == "edge")
                source = side == 0 ? sliceAlong(out, a, 0, 1, 1, args.loc)
                                   : sliceAlong(out, a, -1, std::nullopt, 1, args.loc);
            else if (values.empty())
                source = array::makeCast(array::makeIntConstant(0, DType::Int64, false, args.loc),
                                         x->type.dtype, args.loc);
            else
                source = padValue(values[static_cast<size_t>(a)][side], x->type.dtype, args);
            Shape shape = out->type.shape;
            shape[static_cast<size_t>(a)] = width;
            NodePtr block = array::makeBroadcast(source, std::move(shape), args.loc);
            parts.insert(side == 0 ? parts.begin() : parts.end(), block);
        }
        out = array::makeConcat(std::move(parts), a, std::move(checks), args.loc);
    }
    return Value::array(out, args.loc);
}

} // namespace

const std::map<std::string, Handler> &padFunctions() {
    static const std::map<std::string, Handler> table = {{"numpy.pad", pad}};
    return table;
}

} // namespace npc::lowering
