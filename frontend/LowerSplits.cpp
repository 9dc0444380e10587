// np.split, np.array_split, np.hsplit, np.vsplit and np.dsplit (numpy/lib/_shape_base_impl.py):
// a list of views of consecutive parts along one axis. The number of parts must be known
// here (a Python list's length is fixed): sections an int literal, or indices a list;
// the extents and the indices themselves may be run-time values. And np.trim_zeros of a 1-D
// array, a view between bounds found at run time.
#include "frontend/LowerContext.h"

#include <cctype>
#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;

/// An int64 scalar node of `v` (a run-time extent or index, or a constant).
NodePtr int64Scalar(ExprLowering &lowering, const NodePtr &v, SourceLoc loc) {
    return lowering.castTo(v, DType::Int64, loc);
}

/// The parts of `x` along `axis` for np.array_split's `indices_or_sections`: a list of
/// indices (each a constant or a run-time int; Python's slice rules, so negative ones count
/// from the end and out-of-range ones clamp) or an int literal of sections (the first
/// `extent % sections` parts one longer). `equal` (np.split): NumPy's ValueError when
/// the sections do not divide the extent, on entry where only the run time knows it.
std::vector<NodePtr> splitParts(ExprLowering &lowering, const NodePtr &x, const Value &division,
                                int axis, bool equal, const CallArgs &args) {
    SourceLoc loc = args.loc;
    std::vector<NodePtr> parts;
    if (division.kind == Value::Tuple) {
        std::vector<std::optional<int64_t>> bounds = {0};
        std::vector<NodePtr> dynamic = {nullptr};
        for (const Value &v : division.elements) {
            if (v.kind != Value::Array || v.node->type.rank() != 0 ||
                !(isInteger(v.node->type.dtype) || isBool(v.node->type.dtype)))
                throw UserError(v.loc,
                                fmt::format("{}(): npc needs the indices as ints", args.function));
            std::optional<int64_t> c = constantInt(v);
            bounds.push_back(c);
            dynamic.push_back(c ? nullptr : int64Scalar(lowering, v.node, loc));
        }
        bounds.push_back(std::nullopt);
        dynamic.push_back(nullptr);
        for (size_t i = 0; i + 1 < bounds.size(); ++i)
            parts.push_back(
                sliceAlong(x, axis, bounds[i], bounds[i + 1], 1, loc, dynamic[i], dynamic[i + 1]));
        return parts;
    }
    std::optional<int64_t> sections = constantInt(division);
    if (!sections)
        throw UserError(division.loc, fmt::format("{}(): npc needs the number of sections as an "
                                                  "int literal (or a list of indices)",
                                                  args.function));
    if (equal && *sections == 0) // np.split's `N % sections` comes first
        throw UserError(division.loc, "integer modulo by zero");
    if (*sections <= 0)
        throw UserError(division.loc, "number sections must be larger than 0.");
    const Dim &total = x->type.shape[static_cast<size_t>(axis)];
    const char *unequal = "array split does not result in an equal division";
    std::optional<int64_t> n = dimConstValue(total);
    if (n) {
        if (equal && *n % *sections != 0)
            throw UserError(args.loc, unequal);
        int64_t each = *n / *sections, extras = *n % *sections;
        for (int64_t i = 0; i < *sections; ++i) {
            int64_t start = i * each + std::min(i, extras);
            int64_t size = each + (i < extras ? 1 : 0);
            parts.push_back(sliceAlong(x, axis, start, start + size, 1, loc));
        }
        return parts;
    }
    // NumPy's divmod(Ntotal, Nsections): part i starts at i * each + min(i, extras).
    auto constant = [&](int64_t v) { return array::makeIntConstant(v, DType::Int64, false, loc); };
    NodePtr extent = array::makeDimValue(total, loc);
    NodePtr count = constant(*sections);
    NodePtr each = lowering.binary(BinaryOp::FloorDivide, extent, count, loc);
    NodePtr extras = lowering.binary(BinaryOp::Remainder, extent, count, loc);
    auto start = [&](int64_t i) {
        return lowering.binary(BinaryOp::Add,
                               lowering.binary(BinaryOp::Multiply, constant(i), each, loc),
                               lowering.binary(BinaryOp::Minimum, constant(i), extras, loc), loc);
    };
    for (int64_t i = 0; i < *sections; ++i)
        parts.push_back(
            sliceAlong(x, axis, std::nullopt, std::nullopt, 1, loc, start(i), start(i + 1)));
    if (equal) {
        NodePtr fails = lowering.binary(BinaryOp::NotEqual, extras, constant(0), loc);
        parts[0] = array::withChecks(parts[0], {conditionCheck(fails, "unequal split", unequal)});
    }
    return parts;
}

/// The parts as NumPy returns them: a Python list.
Value partList(std::vector<NodePtr> parts, SourceLoc loc) {
    Value list = arrayTuple(std::move(parts), loc);
    list.text = "list";
    return list;
}

/// numpy.split(ary, indices_or_sections, axis=0) and numpy.array_split (`equal` false:
/// sections need not divide the extent).
Handler split(bool equal) {
    return [equal](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"ary", true}, {"indices_or_sections", true}, {"axis", false}});
        NodePtr x = asArray(lowering, *b[0], args, "ary");
        if (x->type.rank() == 0)
            throw UserError(args.loc, "tuple index out of range");
        int axis = normalizeAxes(b[2] ? b[2]
                                      : std::optional<Value>(Value::array(
                                            array::makeIntConstant(0, DType::Int64, true, args.loc),
                                            args.loc)),
                                 x->type.rank(), args)
                       .at(0);
        return partList(splitParts(lowering, x, *b[1], axis, equal, args), args.loc);
    };
}

/// numpy.hsplit / vsplit / dsplit(ary, indices_or_sections): np.split along axis 1 (0 for
/// a 1-D hsplit), 0 or 2, with NumPy's ValueError for too few dimensions.
Handler directionalSplit(const char *name, int minRank, int axis) {
    return [=](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"ary", true}, {"indices_or_sections", true}});
        NodePtr x = asArray(lowering, *b[0], args, "ary");
        if (x->type.rank() < minRank)
            throw UserError(args.loc, fmt::format("{} only works on arrays of {} or more "
                                                  "dimensions",
                                                  name, minRank));
        int along = axis == 1 && x->type.rank() == 1 ? 0 : axis;
        return partList(splitParts(lowering, x, *b[1], along, true, args), args.loc);
    };
}

/// numpy.trim_zeros(filt, trim='fb') of a 1-D array: the view from its first non-zero
/// element ('f') to its last ('b'); empty when every element is zero (bounds found at run
/// time). NumPy's ValueError for other trim strings.
Value trimZeros(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"filt", true}, {"trim", false}, {"axis", false}});
    SourceLoc loc = args.loc;
    NodePtr x = asArray(lowering, *b[0], args, "filt");
    if (x->type.rank() != 1)
        throw UserError(b[0]->loc, "np.trim_zeros(): npc supports 1-D arrays only");
    if (b[2] && b[2]->kind != Value::None)
        throw UserError(b[2]->loc, "np.trim_zeros(): npc supports 1-D arrays only (no axis)");
    std::string trim = "fb";
    if (b[1]) {
        if (b[1]->kind != Value::String)
            throw UserError(b[1]->loc, "np.trim_zeros(): trim must be a string literal");
        trim = b[1]->text;
        for (char &c : trim)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (trim != "fb" && trim != "bf" && trim != "f" && trim != "b")
            throw UserError(b[1]->loc,
                            fmt::format("unexpected character(s) in `trim`: '{}'", b[1]->text));
    }
    x = lowering.materialized(x, loc);
    auto constant = [&](int64_t v) { return array::makeIntConstant(v, DType::Int64, false, loc); };
    NodePtr n = array::makeDimValue(x->type.shape[0], loc);
    NodePtr nonzero =
        array::makeCast(lowering.binary(BinaryOp::NotEqual, x, constant(0), loc), DType::Bool, loc);
    // Position of the first true of `mask`, or n when there is none: a True appended.
    auto firstTrue = [&](const NodePtr &mask) {
        NodePtr padded = array::makeConcat(
            {mask, array::makeBroadcast(array::makeIntConstant(1, DType::Bool, false, loc),
                                        {dimConst(1)}, loc)},
            0, {}, loc);
        return lowering.materialized(
            array::makeReduce(array::ReduceOp::ArgMax, padded, {0}, false, loc), loc);
    };
    NodePtr first = firstTrue(nonzero);
    NodePtr start = trim.find('f') != std::string::npos ? first : constant(0);
    NodePtr stop = n;
    if (trim.find('b') != std::string::npos) // n - (first non-zero from the end)
        stop = lowering.binary(
            BinaryOp::Subtract, n,
            firstTrue(sliceAlong(nonzero, 0, std::nullopt, std::nullopt, -1, loc)), loc);
    // All zeros: NumPy's empty slice at 0.
    NodePtr empty = lowering.binary(BinaryOp::Equal, first, n, loc);
    start = lowering.materialized(array::makeWhere(empty, constant(0), start, loc), loc);
    stop = lowering.materialized(array::makeWhere(empty, constant(0), stop, loc), loc);
    return Value::array(sliceAlong(x, 0, std::nullopt, std::nullopt, 1, loc, start, stop), loc);
}

} // namespace

const std::map<std::string, Handler> &splitFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.split", split(true)},
        {"numpy.array_split", split(false)},
        {"numpy.hsplit", directionalSplit("hsplit", 1, 1)},
        {"numpy.vsplit", directionalSplit("vsplit", 2, 0)},
        {"numpy.dsplit", directionalSplit("dsplit", 3, 2)},
        {"numpy.trim_zeros", trimZeros},
    };
    return table;
}

} // namespace npc::lowering
