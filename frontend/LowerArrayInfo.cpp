// NumPy's functions that describe an array rather than compute with its values
// (numpy/_core/fromnumeric.py, numpy/lib/_type_check_impl.py, numpy/lib/_stride_tricks_impl.py):
// np.ndim, np.shape and np.size (as the attributes), np.iscomplexobj and np.isrealobj (Python
// bools from the dtype), and np.broadcast_arrays (views of the operands broadcast together).
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

} // namespace

const std::map<std::string, Handler> &arrayInfoFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.ndim", ndim},
        {"numpy.shape", shape},
        {"numpy.size", size},
        {"numpy.iscomplexobj", complexObject(true)},
        {"numpy.isrealobj", complexObject(false)},
        {"numpy.broadcast_arrays", broadcastArrays},
    };
    return table;
}

} // namespace npc::lowering
