// NumPy's functions that describe an array rather than compute with its values
// (numpy/_core/fromnumeric.py, numpy/lib/_type_check_impl.py, numpy/lib/_stride_tricks_impl.py):
// np.ndim, np.shape and np.size (as the attributes), np.iscomplexobj and np.isrealobj (Python
// bools from the dtype), np.broadcast_arrays (views of the operands broadcast together),
// np.array_equal and np.array_equiv.
#include "frontend/LowerContext.h"

#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::NodePtr;

/// The array an argument `what` stands for (a list or a number made one, as np.asarray).
NodePtr operand(ExprLowering &lowering, const std::optional<Value> &v, const CallArgs &args,
                const char *what) {
    return asArray(lowering, *v, args, what);
}

/// numpy.ndim(a): a.ndim, a Python int.
Value ndim(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}});
    NodePtr a = operand(lowering, b[0], args, "a");
    return Value::array(array::makeIntConstant(a->type.rank(), DType::Int64, true, args.loc),
                        args.loc);
}

/// numpy.shape(a): a.shape, a tuple of Python ints.
Value shape(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}});
    Value a = Value::array(operand(lowering, b[0], args, "a"), args.loc);
    return *shapeAttribute(a, "shape", args.loc);
}

/// numpy.size(a, axis=None): a.size, or the extent of one axis (an int literal); a Python
/// int.
Value size(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"axis", false}});
    NodePtr a = operand(lowering, b[0], args, "a");
    Value v = Value::array(a, args.loc);
    if (!b[1] || b[1]->kind == Value::None)
        return *shapeAttribute(v, "size", args.loc);
    if (b[1]->kind == Value::Tuple)
        throw UserError(b[1]->loc, "np.size(): npc takes one axis (an int literal)");
    int axis = normalizeAxes(b[1], a->type.rank(), args).at(0);
    Value extents = *shapeAttribute(v, "shape", args.loc);
    return extents.elements.at(static_cast<size_t>(axis));
}

/// numpy.iscomplexobj / numpy.isrealobj(x): whether x's dtype is complex (not), a Python
/// bool known at compile time.
Handler complexObject(bool complex) {
    return [complex](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"x", true}});
        NodePtr x = operand(lowering, b[0], args, "x");
        bool answer = isComplex(x->type.dtype) == complex;
        return Value::array(array::makeIntConstant(answer, DType::Bool, false, args.loc), args.loc);
    };
}

/// numpy.broadcast_arrays(*args): a tuple of the arguments broadcast to their common shape
/// (views, read-only in NumPy), with NumPy's ValueError for shapes that do not broadcast.
Value broadcastArrays(ExprLowering &lowering, const CallArgs &args) {
    if (!args.keywords.empty())
        throw UserError(args.keywordLocs[0], fmt::format("np.broadcast_arrays(): npc does not "
                                                         "support the argument '{}'",
                                                         args.keywords[0].first));
    std::vector<NodePtr> parts;
    Shape common;
    for (const Value &v : args.positional) {
        NodePtr x = asArray(lowering, v, args, "args");
        common = broadcastShapes(common, x->type.shape, args.loc);
        parts.push_back(x);
    }
    for (NodePtr &p : parts)
        p = array::makeBroadcast(p, common, args.loc);
    return arrayTuple(std::move(parts), args.loc);
}

/// A Python bool: whether every element of the bool array `same` holds, and `shapesFit`
/// (a bool scalar, or null for true) too.
Value allOf(ExprLowering &lowering, const NodePtr &same, const NodePtr &shapesFit, SourceLoc loc) {
    std::vector<int> axes(static_cast<size_t>(same->type.rank()));
    for (size_t k = 0; k < axes.size(); ++k)
        axes[k] = static_cast<int>(k);
    NodePtr all =
        axes.empty() ? same : array::makeReduce(array::ReduceOp::All, same, axes, false, loc);
    if (shapesFit)
        all = lowering.binary(array::BinaryOp::LogicalAnd, shapesFit, all, loc);
    return Value::array(asPythonBool(all), loc);
}

/// numpy.array_equal(a1, a2, equal_nan=False): a Python bool, False for different shapes
/// (decided at run time where only it knows the extents, reading no element out of
/// bounds), else whether every element pair is equal (`==`; with equal_nan, NaNs in the
/// same places count as equal).
Value arrayEqual(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a1", true}, {"a2", true}, {"equal_nan", false}});
    SourceLoc loc = args.loc;
    NodePtr x = asArray(lowering, *b[0], args, "a1");
    NodePtr y = asArray(lowering, *b[1], args, "a2");
    bool equalNan = boolFlag(b[2], false, args, "equal_nan");
    auto pythonBool = [&](bool v) {
        return Value::array(array::makeIntConstant(v, DType::Bool, false, loc), loc);
    };
    if (x->type.rank() != y->type.rank())
        return pythonBool(false);
    // Equal extents, axis by axis; where only the run time knows, both viewed to the
    // shorter extent so that comparing them reads in bounds.
    NodePtr sameShape;
    for (int k = 0; k < x->type.rank(); ++k) {
        const Dim &dx = x->type.shape[static_cast<size_t>(k)];
        const Dim &dy = y->type.shape[static_cast<size_t>(k)];
        if (dimEqual(dx, dy))
            continue;
        auto cx = dimConstValue(dx), cy = dimConstValue(dy);
        if (cx && cy)
            return pythonBool(false);
        NodePtr nx = array::makeDimValue(dx, loc), ny = array::makeDimValue(dy, loc);
        NodePtr equal = lowering.binary(array::BinaryOp::Equal, nx, ny, loc);
        sameShape =
            sameShape ? lowering.binary(array::BinaryOp::LogicalAnd, sameShape, equal, loc) : equal;
        NodePtr shorter =
            lowering.materialized(lowering.binary(array::BinaryOp::Minimum, nx, ny, loc), loc);
        x = sliceAlong(x, k, std::nullopt, std::nullopt, 1, loc, nullptr, shorter);
        y = sliceAlong(y, k, std::nullopt, std::nullopt, 1, loc, nullptr, shorter);
    }
    NodePtr same = lowering.binary(array::BinaryOp::Equal, x, y, loc);
    if (equalNan && (isInexact(x->type.dtype) || isInexact(y->type.dtype))) {
        NodePtr bothNan = lowering.binary(array::BinaryOp::LogicalAnd,
                                          lowering.unary(array::UnaryOp::IsNan, x, loc),
                                          lowering.unary(array::UnaryOp::IsNan, y, loc), loc);
        same = lowering.binary(array::BinaryOp::LogicalOr, same, bothNan, loc);
    }
    return allOf(lowering, same, sameShape, loc);
}

/// numpy.array_equiv(a1, a2): a Python bool, True when the shapes broadcast together and
/// every broadcast pair of elements is equal (`bool((a1 == a2).all())`), False when the
/// shapes do not broadcast (decided at run time where only it knows the extents).
Value arrayEquiv(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a1", true}, {"a2", true}});
    SourceLoc loc = args.loc;
    NodePtr x = operand(lowering, b[0], args, "a1");
    NodePtr y = operand(lowering, b[1], args, "a2");
    // Axis pairs from the right, as broadcasting aligns them. Where only the run time knows
    // whether a pair broadcasts, both are viewed to the shorter extent when it does not, so
    // that comparing them reads in bounds (the answer is then False anyway).
    NodePtr broadcasts;
    const int common = std::min(x->type.rank(), y->type.rank());
    for (int k = 1; k <= common; ++k) {
        const int kx = x->type.rank() - k, ky = y->type.rank() - k;
        const Dim &dx = x->type.shape[static_cast<size_t>(kx)];
        const Dim &dy = y->type.shape[static_cast<size_t>(ky)];
        auto cx = dimConstValue(dx), cy = dimConstValue(dy);
        if (dimEqual(dx, dy) || cx == 1 || cy == 1)
            continue;
        if (cx && cy)
            return Value::array(array::makeIntConstant(false, DType::Bool, false, loc), loc);
        NodePtr nx = array::makeDimValue(dx, loc), ny = array::makeDimValue(dy, loc);
        auto isOne = [&](const NodePtr &n) {
            return lowering.binary(array::BinaryOp::Equal, n,
                                   array::makeIntConstant(1, DType::Int64, false, loc), loc);
        };
        NodePtr pair = lowering.binary(
            array::BinaryOp::LogicalOr, lowering.binary(array::BinaryOp::Equal, nx, ny, loc),
            lowering.binary(array::BinaryOp::LogicalOr, isOne(nx), isOne(ny), loc), loc);
        pair = lowering.materialized(pair, loc);
        broadcasts =
            broadcasts ? lowering.binary(array::BinaryOp::LogicalAnd, broadcasts, pair, loc) : pair;
        NodePtr shorter = lowering.binary(array::BinaryOp::Minimum, nx, ny, loc);
        x = sliceAlong(x, kx, std::nullopt, std::nullopt, 1, loc, nullptr,
                       lowering.materialized(array::makeWhere(pair, nx, shorter, loc), loc));
        y = sliceAlong(y, ky, std::nullopt, std::nullopt, 1, loc, nullptr,
                       lowering.materialized(array::makeWhere(pair, ny, shorter, loc), loc));
    }
    NodePtr same = lowering.binary(array::BinaryOp::Equal, x, y, loc);
    return allOf(lowering, same, broadcasts, loc);
}

} // namespace

const std::map<std::string, Handler> &arrayInfoFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.ndim", ndim},
        {"numpy.shape", shape},
        {"numpy.size", size},
        {"numpy.iscomplexobj", complexObject(true)},
        {"numpy.isrealobj", complexObject(false)},
        {"numpy.broadcast_arrays", broadcastArrays},
        {"numpy.array_equal", arrayEqual},
        {"numpy.array_equiv", arrayEquiv},
    };
    return table;
}

} // namespace npc::lowering
