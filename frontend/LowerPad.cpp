// numpy.pad (numpy/lib/_arraypad_impl.py) in its 'constant' and 'edge' modes. NumPy pads
// one axis after another, each from the array the axes before it padded; here each axis
// joins its before and after blocks to that array (np.concatenate), so the corners hold
// what NumPy's do: the constant, or the edge of the edge.
#include "frontend/LowerContext.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <set>

namespace npc::lowering {
namespace {

using array::NodePtr;

/// numpy.pad's _as_pairs of an argument: one (before, after) pair per axis, broadcast
/// from a number, a pair, a 1-tuple, or one pair (or 1-tuple) per axis, written as
/// (nested) tuples or lists.
struct Pairs {
    std::vector<std::array<Value, 2>> pairs;
    /// np.asarray(argument).dtype (NEP 50: Python numbers weak among NumPy values).
    DType dtype = DType::Int64;
    /// _as_pairs hands out Python numbers (its `tolist()`: more than two values, or a
    /// (2, 1) shape), else NumPy scalars of `dtype`; NumPy's setitem converts the two
    /// differently into an unsigned array.
    bool pythonNumbers = false;
};

/// The Pairs of `v` for an array of `rank`; a UserError naming `what` for other shapes
/// and for arrays (npc takes numbers).
Pairs asPairs(const Value &v, int rank, const CallArgs &args, const char *what) {
    auto bad = [&](SourceLoc loc) {
        return UserError(loc, fmt::format("{}(): '{}' must be a number, a pair (before, after), "
                                          "or one pair per axis ((before, after), ...); this "
                                          "array has {} axes",
                                          args.function, what, rank));
    };
    // The grid of values, one row per axis (or one row for all) of one or two columns.
    std::vector<std::vector<Value>> rows;
    bool nested = false;
    if (v.kind != Value::Tuple) {
        rows = {{v}};
    } else if (!v.elements.empty() && v.elements.front().kind != Value::Tuple) {
        rows = {v.elements};
    } else {
        nested = true;
        for (const Value &row : v.elements) {
            if (row.kind != Value::Tuple)
                throw bad(row.loc);
            rows.push_back(row.elements);
        }
    }
    size_t columns = rows.empty() ? 0 : rows.front().size();
    std::optional<PromotionType> common;
    for (const auto &row : rows) {
        if (row.size() != columns || columns < 1 || columns > 2)
            throw bad(v.loc);
        for (const Value &item : row) {
            if (item.kind == Value::Array && item.node->type.rank() > 0)
                throw UserError(item.loc, fmt::format("{}(): npc takes '{}' as numbers or "
                                                      "tuples of them, not as an array",
                                                      args.function, what));
            if (item.kind != Value::Array)
                throw bad(item.loc);
            PromotionType t{item.node->type.dtype, item.node->type.weak};
            common = common ? promote(*common, t) : t;
        }
    }
    if (rows.size() != 1 && rows.size() != static_cast<size_t>(rank))
        throw bad(v.loc);
    Pairs out;
    out.pairs.resize(static_cast<size_t>(rank));
    for (size_t a = 0; a < out.pairs.size(); ++a)
        for (size_t side = 0; side < 2; ++side)
            out.pairs[a][side] = rows[rows.size() == 1 ? 0 : a][columns == 1 ? 0 : side];
    DType t = common->dtype; // np.asarray makes Python numbers int64, float64, complex128
    out.dtype = !common->weak  ? t
                : isBool(t)    ? DType::Bool
                : isInteger(t) ? DType::Int64
                : isFloat(t)   ? DType::Float64
                               : DType::Complex128;
    out.pythonNumbers = rows.size() * columns > 2 || (nested && rows.size() == 2 && columns == 1);
    return out;
}

/// A pad width: an int, literal or run-time; NumPy's ValueError when it is negative (at
/// run time for a run-time one).
Dim padWidth(const Value &v, const CallArgs &args) {
    Value w = v;
    if (isBool(w.node->type.dtype)) // np.asarray((True, 2)) is int64
        w.node = array::makeCast(w.node, DType::Int64, w.node->type.weak, w.loc);
    return extentArgument(w, args, "pad_width", "index can't contain negative values");
}

/// A constant_values entry converted to the padded array's dtype `t` as NumPy's setitem
/// converts what _as_pairs hands it: into an integer array, a Python number (or a NumPy
/// scalar into a signed one) through int(), raising NumPy's OverflowError or ValueError
/// when it does not fit (`constant_values=300` into int8); a NumPy scalar into an
/// unsigned array cast unsafely (-1 is 255 in uint8, 300.7 is 44); into float, complex
/// and bool arrays a cast.
NodePtr padValue(ExprLowering &lowering, const Value &v, const Pairs &pairs, DType t) {
    NodePtr c = v.node;
    if (isInteger(t) && isComplex(c->type.dtype)) {
        if (pairs.pythonNumbers)
            throw UserError(v.loc, "int() argument must be a string, a bytes-like object or a "
                                   "real number, not 'complex'");
        // A NumPy complex scalar stored into an integer array: its real part (NumPy warns).
        c = array::makeUnary(array::UnaryOp::Real, c, complexPartDType(c->type.dtype), v.loc);
        if (!isSignedInteger(t))
            return array::makeCast(c, t, v.loc);
    }
    if (isInteger(t) && (pairs.pythonNumbers || isSignedInteger(t))) {
        if (c->kind == array::NodeKind::Constant && c->type.weak) {
            requireConvertible(c, t, v.loc);
            return array::makeCast(c, t, v.loc);
        }
        return lowering.throughPythonInt(
            isBool(c->type.dtype) ? array::makeCast(c, DType::Int64, v.loc) : c, t, v.loc);
    }
    if (c->type.weak || c->type.dtype != pairs.dtype)
        c = array::makeCast(c, pairs.dtype, false, v.loc);
    return c->type.dtype == t ? c : array::makeCast(c, t, v.loc);
}

/// numpy.pad(array, pad_width, mode='constant', constant_values=0) and mode='edge'.
Value pad(ExprLowering &lowering, const CallArgs &args) {
    if (args.positional.size() > 3) // constant_values is keyword-only
        throw UserError(args.loc, fmt::format("pad() takes from 2 to 3 positional arguments "
                                              "but {} were given",
                                              args.positional.size()));
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
    static const std::set<std::string> kModes = {"constant",  "edge",   "linear_ramp", "maximum",
                                                 "mean",      "median", "minimum",     "reflect",
                                                 "symmetric", "wrap",   "empty"};
    if (!kModes.count(mode))
        throw UserError(b[2]->loc, fmt::format("mode '{}' is not supported", mode));
    if (mode != "constant" && mode != "edge")
        throw UserError(b[2]->loc, fmt::format("{}(): mode '{}' is not supported by npc yet "
                                               "(npc pads with 'constant' and 'edge')",
                                               args.function, mode));
    if (b[3] && mode != "constant")
        throw UserError(b[3]->loc, fmt::format("unsupported keyword arguments for mode '{}': "
                                               "{{'constant_values'}}",
                                               mode));
    int rank = x->type.rank();
    Pairs widths = asPairs(*b[1], std::max(rank, 1), args, "pad_width");
    if (!isSignedInteger(widths.dtype)) // NumPy: np.asarray(pad_width).dtype.kind == 'i'
        throw UserError(b[1]->loc, "`pad_width` must be of integral type.");
    std::vector<std::array<Dim, 2>> extents;
    for (const auto &pair : widths.pairs)
        extents.push_back({padWidth(pair[0], args), padWidth(pair[1], args)});
    std::optional<Pairs> values;
    if (b[3] && b[3]->kind != Value::None)
        values = asPairs(*b[3], std::max(rank, 1), args, "constant_values");
    NodePtr out = x;
    for (int a = 0; a < rank; ++a) {
        const auto &[before, after] = extents[static_cast<size_t>(a)];
        Dim total = dimAdd({before, after});
        if (dimIsConst(total, 0))
            continue;
        std::vector<array::ExtentCheck> checks;
        const Dim &n = out->type.shape[static_cast<size_t>(a)];
        if (mode == "edge") {
            // NumPy's ValueError when a non-zero width meets an empty axis.
            std::string message = fmt::format("can't extend empty axis {} using modes other "
                                              "than 'constant' or 'empty'",
                                              a);
            if (dimIsConst(n, 0) && dimConstValue(total))
                throw UserError(args.loc, message);
            NodePtr zero = array::makeIntConstant(0, DType::Int64, false, args.loc);
            NodePtr fails = array::makeBinary(
                array::BinaryOp::LogicalAnd,
                array::makeBinary(array::BinaryOp::Equal, array::makeDimValue(n, args.loc), zero,
                                  args.loc),
                array::makeBinary(array::BinaryOp::Greater, array::makeDimValue(total, args.loc),
                                  zero, args.loc),
                args.loc);
            checks.push_back(conditionCheck(fails, "empty axis padded", message));
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
            else if (!values)
                source = array::makeCast(array::makeIntConstant(0, DType::Int64, false, args.loc),
                                         x->type.dtype, args.loc);
            else
                source = padValue(lowering, values->pairs[static_cast<size_t>(a)][side], *values,
                                  x->type.dtype);
            Shape shape = out->type.shape;
            shape[static_cast<size_t>(a)] = width;
            NodePtr block = array::makeBroadcast(source, std::move(shape), args.loc);
            parts.insert(side == 0 ? parts.begin() : parts.end(), block);
        }
        out = array::makeConcat(std::move(parts), a, std::move(checks), args.loc);
    }
    // Nothing padded: still a new array, as NumPy's.
    return Value::array(out == x ? array::makeCopy(x, args.loc) : out, args.loc);
}

} // namespace

const std::map<std::string, Handler> &padFunctions() {
    static const std::map<std::string, Handler> table = {{"numpy.pad", pad}};
    return table;
}

} // namespace npc::lowering
