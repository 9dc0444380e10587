// Checking constructors of the array IR; shape rules follow NumPy (broadcast_to, basic
// indexing, reductions with keepdims).
#include "ir/ArrayIR.h"

#include <algorithm>
#include <fmt/format.h>

namespace npc::array {
namespace {

NodePtr finish(Node n) { return std::make_shared<const Node>(std::move(n)); }

Node node(NodeKind kind, Type type, SourceLoc loc, std::vector<NodePtr> operands = {}) {
    Node n{};
    n.kind = kind;
    n.type = std::move(type);
    n.loc = loc;
    n.operands = std::move(operands);
    return n;
}

} // namespace

std::string Type::str() const {
    std::string s(dtypeName(dtype));
    if (!shape.empty()) {
        s += "[";
        for (size_t i = 0; i < shape.size(); ++i)
            s += (i ? ", " : "") + dimStr(shape[i]);
        s += "]";
    }
    if (weak)
        s += " (weak)";
    return s;
}

std::string_view unaryOpName(UnaryOp op) {
    switch (op) {
    case UnaryOp::Negative: return "negative";
    case UnaryOp::Absolute: return "absolute";
    case UnaryOp::Sqrt: return "sqrt";
    case UnaryOp::Exp: return "exp";
    case UnaryOp::Log: return "log";
    case UnaryOp::LogicalNot: return "logical_not";
    case UnaryOp::Sign: return "sign";
    case UnaryOp::Exp2: return "exp2";
    case UnaryOp::Expm1: return "expm1";
    case UnaryOp::Log2: return "log2";
    case UnaryOp::Log10: return "log10";
    case UnaryOp::Log1p: return "log1p";
    case UnaryOp::Sin: return "sin";
    case UnaryOp::Cos: return "cos";
    case UnaryOp::Tan: return "tan";
    case UnaryOp::Arcsin: return "arcsin";
    case UnaryOp::Arccos: return "arccos";
    case UnaryOp::Arctan: return "arctan";
    case UnaryOp::Sinh: return "sinh";
    case UnaryOp::Cosh: return "cosh";
    case UnaryOp::Tanh: return "tanh";
    case UnaryOp::Floor: return "floor";
    case UnaryOp::Ceil: return "ceil";
    case UnaryOp::Trunc: return "trunc";
    case UnaryOp::Rint: return "rint";
    case UnaryOp::IsNan: return "isnan";
    case UnaryOp::IsInf: return "isinf";
    case UnaryOp::IsFinite: return "isfinite";
    case UnaryOp::Invert: return "invert";
    }
    return "?";
}

std::string_view binaryOpName(BinaryOp op) {
    switch (op) {
    case BinaryOp::Add: return "add";
    case BinaryOp::Subtract: return "subtract";
    case BinaryOp::Multiply: return "multiply";
    case BinaryOp::TrueDivide: return "true_divide";
    case BinaryOp::FloorDivide: return "floor_divide";
    case BinaryOp::Remainder: return "remainder";
    case BinaryOp::Power: return "power";
    case BinaryOp::Minimum: return "minimum";
    case BinaryOp::Maximum: return "maximum";
    case BinaryOp::Less: return "less";
    case BinaryOp::LessEqual: return "less_equal";
    case BinaryOp::Greater: return "greater";
    case BinaryOp::GreaterEqual: return "greater_equal";
    case BinaryOp::Equal: return "equal";
    case BinaryOp::NotEqual: return "not_equal";
    case BinaryOp::Arctan2: return "arctan2";
    case BinaryOp::Hypot: return "hypot";
    case BinaryOp::Fmin: return "fmin";
    case BinaryOp::Fmax: return "fmax";
    case BinaryOp::Fmod: return "fmod";
    case BinaryOp::LogicalAnd: return "logical_and";
    case BinaryOp::LogicalOr: return "logical_or";
    case BinaryOp::LogicalXor: return "logical_xor";
    case BinaryOp::BitwiseAnd: return "bitwise_and";
    case BinaryOp::BitwiseOr: return "bitwise_or";
    case BinaryOp::BitwiseXor: return "bitwise_xor";
    case BinaryOp::LeftShift: return "left_shift";
    case BinaryOp::RightShift: return "right_shift";
    }
    return "?";
}

std::string_view reduceOpName(ReduceOp op) {
    switch (op) {
    case ReduceOp::Sum: return "sum";
    case ReduceOp::Prod: return "prod";
    case ReduceOp::Min: return "min";
    case ReduceOp::Max: return "max";
    case ReduceOp::ArgMin: return "argmin";
    case ReduceOp::ArgMax: return "argmax";
    }
    return "?";
}

bool isComparison(BinaryOp op) {
    return op >= BinaryOp::Less && op <= BinaryOp::NotEqual;
}

NodePtr makeParam(int index, std::string name, Type type, SourceLoc loc) {
    Node n = node(NodeKind::Param, std::move(type), loc);
    n.param = index;
    n.name = std::move(name);
    return finish(std::move(n));
}

NodePtr makeIntConstant(int64_t value, DType dtype, bool weak, SourceLoc loc) {
    NPC_ASSERT(!isInexact(dtype), "integer constant of inexact dtype");
    Node n = node(NodeKind::Constant, Type{dtype, {}, weak}, loc);
    n.intValue = value;
    return finish(std::move(n));
}

NodePtr makeFloatConstant(double value, DType dtype, bool weak, SourceLoc loc) {
    NPC_ASSERT(isFloat(dtype), "float constant of non-float dtype");
    Node n = node(NodeKind::Constant, Type{dtype, {}, weak}, loc);
    n.floatValue = value;
    return finish(std::move(n));
}

NodePtr makeDimValue(Dim dim, SourceLoc loc) {
    Node n = node(NodeKind::DimValue, Type{DType::Int64, {}, false}, loc);
    n.dim = std::move(dim);
    return finish(std::move(n));
}

NodePtr makeCast(NodePtr value, DType dtype, SourceLoc loc) {
    if (value->type.dtype == dtype && !value->type.weak)
        return value;
    Type t{dtype, value->type.shape, false};
    return finish(node(NodeKind::Cast, std::move(t), loc, {std::move(value)}));
}

NodePtr makeUnary(UnaryOp op, NodePtr value, DType resultType, SourceLoc loc) {
    Type t{resultType, value->type.shape, false};
    Node n = node(NodeKind::Unary, std::move(t), loc, {std::move(value)});
    n.unaryOp = op;
    return finish(std::move(n));
}

NodePtr makeBinary(BinaryOp op, NodePtr lhs, NodePtr rhs, SourceLoc loc) {
    NPC_ASSERT(lhs->type.dtype == rhs->type.dtype, "binary operands of different dtypes");
    NPC_ASSERT(shapeEqual(lhs->type.shape, rhs->type.shape), "binary operands of different shapes");
    DType dtype = isComparison(op) ? DType::Bool : lhs->type.dtype;
    bool weak = lhs->type.weak && rhs->type.weak && !isComparison(op);
    Type t{dtype, lhs->type.shape, weak};
    Node n = node(NodeKind::Binary, std::move(t), loc, {std::move(lhs), std::move(rhs)});
    n.binaryOp = op;
    return finish(std::move(n));
}

NodePtr makeWhere(NodePtr cond, NodePtr x, NodePtr y, SourceLoc loc) {
    NPC_ASSERT(isBool(cond->type.dtype), "where condition is not bool");
    NPC_ASSERT(x->type.dtype == y->type.dtype, "where operands of different dtypes");
    NPC_ASSERT(shapeEqual(cond->type.shape, x->type.shape) &&
                   shapeEqual(x->type.shape, y->type.shape),
               "where operands of different shapes");
    Type t{x->type.dtype, x->type.shape, false};
    return finish(node(NodeKind::Where, std::move(t), loc,
                       {std::move(cond), std::move(x), std::move(y)}));
}

NodePtr makeBroadcast(NodePtr value, Shape shape, SourceLoc loc) {
    if (shapeEqual(value->type.shape, shape))
        return value;
    NPC_ASSERT(shape.size() >= value->type.shape.size(), "broadcast to a lower rank");
    Type t{value->type.dtype, std::move(shape), value->type.weak};
    return finish(node(NodeKind::Broadcast, std::move(t), loc, {std::move(value)}));
}

NodePtr makeView(NodePtr value, std::vector<ViewEntry> entries, SourceLoc loc) {
    const Shape &in = value->type.shape;
    Shape out;
    size_t axis = 0;
    for (const ViewEntry &e : entries) {
        if (e.kind == ViewEntry::NewAxis) {
            out.push_back(dimConst(1));
            continue;
        }
        NPC_ASSERT(axis < in.size(), "view consumes more axes than the operand has");
        const Dim &extent = in[axis++];
        if (e.kind == ViewEntry::Slice) {
            NPC_ASSERT(e.step != 0, "slice step of zero");
            out.push_back(dimSlice(extent, e.start, e.stop, e.step));
            continue;
        }
        if (auto c = dimConstValue(extent); c && (e.index >= *c || e.index < -*c))
            throw UserError(loc, fmt::format("index {} is out of bounds for axis {} with size {}",
                                             e.index, axis - 1, *c));
    }
    NPC_ASSERT(axis == in.size(), "view does not consume every operand axis");
    Type t{value->type.dtype, std::move(out), value->type.weak};
    Node n = node(NodeKind::View, std::move(t), loc, {std::move(value)});
    n.view = std::move(entries);
    return finish(std::move(n));
}

NodePtr makeReduce(ReduceOp op, NodePtr value, std::vector<int> axes, bool keepdims,
                   SourceLoc loc) {
    NPC_ASSERT(!axes.empty(), "reduction over no axes");
    std::sort(axes.begin(), axes.end());
    NPC_ASSERT(std::adjacent_find(axes.begin(), axes.end()) == axes.end(), "repeated axis");
    const Shape &in = value->type.shape;
    Shape out;
    for (int a = 0; a < static_cast<int>(in.size()); ++a) {
        bool reduced = std::binary_search(axes.begin(), axes.end(), a);
        if (!reduced)
            out.push_back(in[a]);
        else if (keepdims)
            out.push_back(dimConst(1));
    }
    NPC_ASSERT(axes.back() < static_cast<int>(in.size()) && axes.front() >= 0, "axis out of range");
    bool arg = op == ReduceOp::ArgMin || op == ReduceOp::ArgMax;
    Type t{arg ? DType::Int64 : value->type.dtype, std::move(out), false};
    Node n = node(NodeKind::Reduce, std::move(t), loc, {std::move(value)});
    n.reduceOp = op;
    n.axes = std::move(axes);
    n.keepdims = keepdims;
    return finish(std::move(n));
}

NodePtr withName(const NodePtr &n, const std::string &name) {
    if (n->kind == NodeKind::Param || n->name == name)
        return n;
    Node copy = *n;
    copy.name = name;
    return finish(std::move(copy));
}

} // namespace npc::array
