// Checking constructors of the array IR; shape rules follow NumPy (broadcast_to, basic
// indexing, reductions with keepdims).
#include "ir/ArrayIR.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <map>

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
    case UnaryOp::Real: return "real";
    case UnaryOp::Imag: return "imag";
    case UnaryOp::Conj: return "conjugate";
    case UnaryOp::Cbrt:
        return "cbrt";
    case UnaryOp::Signbit:
        return "signbit";
    case UnaryOp::Arcsinh:
        return "arcsinh";
    case UnaryOp::Arccosh:
        return "arccosh";
    case UnaryOp::Arctanh:
        return "arctanh";
    case UnaryOp::Erf:
        return "erf";
    case UnaryOp::Erfc:
        return "erfc";
    case UnaryOp::FrexpMantissa:
    case UnaryOp::FrexpExponent:
        return "frexp";
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
    case BinaryOp::Copysign:
        return "copysign";
    case BinaryOp::Gcd: return "gcd";
    case BinaryOp::Lcm: return "lcm";
    case BinaryOp::Nextafter: return "nextafter";
    case BinaryOp::Ldexp: return "ldexp";
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
    case ReduceOp::Any: return "any";
    case ReduceOp::All: return "all";
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

NodePtr makeVar(int index, std::string name, Type type, SourceLoc loc) {
    Node n = node(NodeKind::Var, std::move(type), loc);
    n.param = index;
    n.name = std::move(name);
    return finish(std::move(n));
}

const Node &storeRoot(const Node &target) {
    const Node *n = &target;
    while (n->kind == NodeKind::View || n->kind == NodeKind::Gather || n->kind == NodeKind::Reshape)
        n = n->operand().get();
    NPC_ASSERT(n->kind == NodeKind::Param || n->kind == NodeKind::Var,
               "store target is not a view of a parameter or variable");
    return *n;
}

NodePtr makeIntConstant(int64_t value, DType dtype, bool weak, SourceLoc loc) {
    NPC_ASSERT(!isInexact(dtype), "integer constant of inexact dtype");
    Node n = node(NodeKind::Constant, Type{dtype, {}, weak}, loc);
    n.intValue = value;
    return finish(std::move(n));
}

namespace {

/// `v` rounded to the nearest float32, as NumPy's cast (1e40 is inf): what a float32
/// constant holds, also for folding (`float(np.float32(0.1))` is 0.10000000149011612).
double roundToFloat32(double v) {
    constexpr double overflow = 0x1.ffffffp127; // FLT_MAX + half an ulp: ties go to inf
    if (std::isfinite(v) && std::fabs(v) >= overflow)
        return std::copysign(std::numeric_limits<double>::infinity(), v);
    return std::isfinite(v) ? static_cast<double>(static_cast<float>(v)) : v;
}

} // namespace

NodePtr makeFloatConstant(double value, DType dtype, bool weak, SourceLoc loc) {
    NPC_ASSERT(isFloat(dtype), "float constant of non-float dtype");
    Node n = node(NodeKind::Constant, Type{dtype, {}, weak}, loc);
    n.floatValue = dtype == DType::Float32 ? roundToFloat32(value) : value;
    return finish(std::move(n));
}

NodePtr makeComplexConstant(double real, double imag, DType dtype, bool weak, SourceLoc loc) {
    NPC_ASSERT(isComplex(dtype), "complex constant of non-complex dtype");
    Node n = node(NodeKind::Constant, Type{dtype, {}, weak}, loc);
    bool single = dtype == DType::Complex64;
    n.floatValue = single ? roundToFloat32(real) : real;
    n.imagValue = single ? roundToFloat32(imag) : imag;
    return finish(std::move(n));
}

NodePtr makeDimValue(Dim dim, SourceLoc loc) {
    Node n = node(NodeKind::DimValue, Type{DType::Int64, {}, false}, loc);
    n.dim = std::move(dim);
    return finish(std::move(n));
}

NodePtr makeCast(NodePtr value, DType dtype, SourceLoc loc) {
    return makeCast(std::move(value), dtype, false, loc);
}

NodePtr makeCast(NodePtr value, DType dtype, bool weak, SourceLoc loc) {
    if (value->type.dtype == dtype && value->type.weak == weak)
        return value;
    NPC_ASSERT(!weak || value->type.rank() == 0, "weak cast of an array");
    // NumPy converts a Python int to float32 or complex64 through a Python float: rounded
    // to float64 first (2**60 + 2**36 + 1 becomes 2**60, not 2**60 + 2**37).
    if (value->type.weak && isInteger(value->type.dtype) &&
        (dtype == DType::Float32 || dtype == DType::Complex64))
        value = makeCast(std::move(value), DType::Float64, loc);
    Type t{dtype, value->type.shape, weak};
    return finish(node(NodeKind::Cast, std::move(t), loc, {std::move(value)}));
}

NodePtr makeIota(Shape shape, int axis, SourceLoc loc) {
    NPC_ASSERT(axis >= 0 && axis < static_cast<int>(shape.size()), "iota axis out of range");
    Node n = node(NodeKind::Iota, Type{DType::Int64, std::move(shape), false}, loc);
    n.axis = axis;
    return finish(std::move(n));
}

NodePtr makeCopy(NodePtr value, SourceLoc loc, bool buffered) {
    Type t{value->type.dtype, value->type.shape, false};
    Node n = node(NodeKind::Copy, std::move(t), loc, {std::move(value)});
    n.buffered = buffered;
    return finish(std::move(n));
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

std::string valueText(const NodePtr &n) {
    if (!n->name.empty())
        return n->name;
    switch (n->kind) {
    case NodeKind::Constant:
        return isFloat(n->type.dtype) ? fmt::format("{}", n->floatValue)
                                      : std::to_string(n->intValue);
    case NodeKind::DimValue:
        return dimStr(n->dim);
    case NodeKind::Cast:
        return valueText(n->operand());
    case NodeKind::Binary: {
        static const std::map<BinaryOp, const char *> kSymbols = {{BinaryOp::Add, "+"},
                                                                  {BinaryOp::Subtract, "-"},
                                                                  {BinaryOp::Multiply, "*"},
                                                                  {BinaryOp::FloorDivide, "//"},
                                                                  {BinaryOp::Remainder, "%"}};
        auto it = kSymbols.find(n->binaryOp);
        if (it == kSymbols.end())
            break;
        return fmt::format("({} {} {})", valueText(n->operand(0)), it->second,
                           valueText(n->operand(1)));
    }
    default:
        break;
    }
    return "?";
}

NodePtr makeView(NodePtr value, std::vector<ViewEntry> entries, SourceLoc loc,
                 std::vector<NodePtr> dynamic) {
    const Shape &in = value->type.shape;
    auto valueDim = [&](int operand) -> Dim {
        if (operand < 0)
            return nullptr;
        NPC_ASSERT(operand >= 1 && operand <= static_cast<int>(dynamic.size()), "bad view operand");
        const NodePtr &v = dynamic[static_cast<size_t>(operand - 1)];
        NPC_ASSERT(v->type.rank() == 0 && v->type.dtype == DType::Int64, "view bound is not int64");
        return dimValue(v, valueText(v));
    };
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
            out.push_back(dimSliceDynamic(extent, e.start, valueDim(e.startOperand), e.stop,
                                          valueDim(e.stopOperand), e.step));
            continue;
        }
        if (e.indexOperand >= 0) {
            (void)valueDim(e.indexOperand);
            continue;
        }
        if (auto c = dimConstValue(extent); c && (e.index >= *c || e.index < -*c))
            throw UserError(loc, fmt::format("index {} is out of bounds for axis {} with size {}",
                                             e.index, axis - 1, *c));
    }
    NPC_ASSERT(axis == in.size(), "view does not consume every operand axis");
    Type t{value->type.dtype, std::move(out), value->type.weak};
    std::vector<NodePtr> operands{std::move(value)};
    operands.insert(operands.end(), dynamic.begin(), dynamic.end());
    Node n = node(NodeKind::View, std::move(t), loc, std::move(operands));
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
    bool logical = op == ReduceOp::Any || op == ReduceOp::All;
    NPC_ASSERT(!logical || isBool(value->type.dtype), "any/all of a non-bool operand");
    Type t{arg ? DType::Int64 : value->type.dtype, std::move(out), false};
    Node n = node(NodeKind::Reduce, std::move(t), loc, {std::move(value)});
    n.reduceOp = op;
    n.axes = std::move(axes);
    n.keepdims = keepdims;
    return finish(std::move(n));
}

NodePtr makeScan(ReduceOp op, NodePtr value, std::optional<int> axis, SourceLoc loc) {
    NPC_ASSERT(op == ReduceOp::Sum || op == ReduceOp::Prod || op == ReduceOp::Max ||
                   op == ReduceOp::Min,
               "scan of an op other than sum/prod/max/min");
    const Shape &in = value->type.shape;
    int rank = static_cast<int>(in.size());
    NPC_ASSERT(rank >= 1, "scan of a 0-d value");
    NPC_ASSERT(!axis || (*axis >= 0 && *axis < rank), "scan axis out of range");
    Shape out = axis ? in : Shape{dimProduct(in)};
    Type t{value->type.dtype, std::move(out), false};
    Node n = node(NodeKind::Scan, std::move(t), loc, {std::move(value)});
    n.reduceOp = op;
    n.flatten = !axis;
    if (axis) {
        n.axes = {*axis};
    } else {
        for (int a = 0; a < rank; ++a)
            n.axes.push_back(a);
    }
    return finish(std::move(n));
}

NodePtr makeSort(NodePtr value, int axis, bool positions, SourceLoc loc) {
    NPC_ASSERT(axis >= 0 && axis < value->type.rank(), "sort axis out of range");
    NPC_ASSERT(!isComplex(value->type.dtype), "sort of complex numbers");
    Type t{positions ? DType::Int64 : value->type.dtype, value->type.shape, false};
    Node n = node(NodeKind::Sort, std::move(t), loc, {std::move(value)});
    n.axis = axis;
    n.positions = positions;
    return finish(std::move(n));
}

namespace {

/// True when `a` and `b` are the lengths of `x[k:]` and `x[:k]` (in either order) of one
/// extent and one `k`, a constant or a run-time int: together they are the extent
/// (np.roll's parts).
bool complementarySlices(const Dim &a, const Dim &b) {
    auto unitStep = [](const Dim &d) { return d->kind == DimKind::Slice && d->step == 1; };
    if (!unitStep(a) || !unitStep(b) || !dimEqual(a->operands[0], b->operands[0]))
        return false;
    // `x[k:]` and `x[:k]` of one run-time int k (any k: Python clamps both alike).
    auto splitAt = [](const Dim &from, const Dim &upTo) {
        return from->startValue && !from->start && !from->stop && !from->stopValue &&
               upTo->stopValue && !upTo->start && !upTo->startValue && !upTo->stop &&
               dimEqual(from->startValue, upTo->stopValue);
    };
    if (splitAt(a, b) || splitAt(b, a))
        return true;
    if (a->startValue || a->stopValue || b->startValue || b->stopValue)
        return false;
    auto split = [](const Dim &from, const Dim &upTo) {
        return from->start && !from->stop && !upTo->start && upTo->stop &&
               *from->start == *upTo->stop;
    };
    // dimSlice writes `x[:-k]` as `x[k:]` (the same length): it pairs with `x[-k:]`.
    bool negated = a->start && b->start && !a->stop && !b->stop && *a->start != 0 &&
                   *a->start > INT64_MIN && *a->start == -*b->start;
    return split(a, b) || split(b, a) || negated;
}

} // namespace

Dim dimSum(const std::vector<Dim> &terms) {
    if (terms.size() == 2 && complementarySlices(terms[0], terms[1]))
        return terms[0]->operands[0];
    return dimAdd(terms);
}

Dim dimQuotient(const Dim &a, const Dim &b, SourceLoc loc) {
    NodePtr q = makeBinary(BinaryOp::FloorDivide, makeDimValue(a, loc), makeDimValue(b, loc), loc);
    return dimValue(q, fmt::format("({}) // ({})", dimStr(a), dimStr(b)));
}

NodePtr makeTranspose(NodePtr value, std::vector<int> axes, SourceLoc loc) {
    const Shape &in = value->type.shape;
    NPC_ASSERT(axes.size() == in.size(), "transpose axes do not match the operand's rank");
    std::vector<int> sorted = axes;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 0; i < sorted.size(); ++i)
        NPC_ASSERT(sorted[i] == static_cast<int>(i), "transpose axes are not a permutation");
    if (axes == sorted)
        return value;
    Shape out;
    for (int a : axes)
        out.push_back(in[static_cast<size_t>(a)]);
    Type t{value->type.dtype, std::move(out), value->type.weak};
    Node n = node(NodeKind::Transpose, std::move(t), loc, {std::move(value)});
    n.axes = std::move(axes);
    return finish(std::move(n));
}

NodePtr makeReshape(NodePtr value, Shape shape, std::vector<ExtentCheck> checks, SourceLoc loc) {
    if (shapeEqual(value->type.shape, shape) && checks.empty())
        return value;
    auto in = dimConstValue(dimProduct(value->type.shape));
    auto out = dimConstValue(dimProduct(shape));
    NPC_ASSERT(!in || !out || *in == *out, "reshape changes the element count");
    bool weak = value->type.weak && shape.empty(); // np.reshape(5, (1,)) is an int64 array
    Type t{value->type.dtype, std::move(shape), weak};
    Node n = node(NodeKind::Reshape, std::move(t), loc, {std::move(value)});
    n.checks = std::move(checks);
    return finish(std::move(n));
}

NodePtr makeConcat(std::vector<NodePtr> parts, int axis, std::vector<ExtentCheck> checks,
                   SourceLoc loc) {
    NPC_ASSERT(!parts.empty(), "concatenation of no arrays");
    const Type &first = parts.front()->type;
    NPC_ASSERT(axis >= 0 && axis < first.rank(), "concatenation axis out of range");
    if (parts.size() == 1)
        return parts.front();
    std::vector<Dim> lengths;
    for (const NodePtr &p : parts) {
        NPC_ASSERT(p->type.dtype == first.dtype, "concatenated arrays of different dtypes");
        NPC_ASSERT(p->type.rank() == first.rank(), "concatenated arrays of different ranks");
        lengths.push_back(p->type.shape[static_cast<size_t>(axis)]);
    }
    Shape out = first.shape;
    out[static_cast<size_t>(axis)] = dimSum(lengths);
    Type t{first.dtype, std::move(out), false};
    Node n = node(NodeKind::Concat, std::move(t), loc, std::move(parts));
    n.axis = axis;
    n.checks = std::move(checks);
    return finish(std::move(n));
}

NodePtr makeGather(NodePtr value, std::vector<NodePtr> indices, std::vector<int> axes,
                   int position, std::vector<int> errorAxes, SourceLoc loc) {
    NPC_ASSERT(!indices.empty() && indices.size() == axes.size() &&
                   axes.size() == errorAxes.size(),
               "gather needs one index array per axis");
    const Shape &index = indices.front()->type.shape;
    for (const NodePtr &i : indices)
        NPC_ASSERT(i->type.dtype == DType::Int64 && shapeEqual(i->type.shape, index),
                   "gather indices must be int64 arrays of one shape");
    Shape rest;
    for (int a = 0; a < value->type.rank(); ++a)
        if (std::find(axes.begin(), axes.end(), a) == axes.end())
            rest.push_back(value->type.shape[static_cast<size_t>(a)]);
    NPC_ASSERT(position >= 0 && position <= static_cast<int>(rest.size()),
               "gather position out of range");
    for (size_t i = 0; i < axes.size(); ++i)
        NPC_ASSERT(axes[i] >= 0 && axes[i] < value->type.rank() && (i == 0 || axes[i] > axes[i - 1]),
                   "gather axes must be increasing and in range");
    Shape out(rest.begin(), rest.begin() + position);
    out.insert(out.end(), index.begin(), index.end());
    out.insert(out.end(), rest.begin() + position, rest.end());
    Type t{value->type.dtype, std::move(out), false};
    std::vector<NodePtr> operands{std::move(value)};
    operands.insert(operands.end(), indices.begin(), indices.end());
    Node n = node(NodeKind::Gather, std::move(t), loc, std::move(operands));
    n.axes = std::move(axes);
    n.axis = position;
    n.errorAxes = std::move(errorAxes);
    return finish(std::move(n));
}

NodePtr makeNonzero(NodePtr mask, Dim count, SourceLoc loc) {
    NPC_ASSERT(isBool(mask->type.dtype) && mask->type.rank() > 0, "nonzero of a non-bool array");
    Type t{DType::Int64, {std::move(count)}, false};
    return finish(node(NodeKind::Nonzero, std::move(t), loc, {std::move(mask)}));
}

NodePtr makeBincount(NodePtr x, NodePtr weights, Dim length, SourceLoc loc) {
    NPC_ASSERT(x->type.dtype == DType::Int64 && x->type.rank() == 1, "bincount of a non-int64 "
                                                                     "or non-1-D array");
    std::vector<NodePtr> operands = {std::move(x)};
    if (weights)
        operands.push_back(std::move(weights));
    Type t{operands.size() > 1 ? DType::Float64 : DType::Int64, {std::move(length)}, false};
    return finish(node(NodeKind::Bincount, std::move(t), loc, std::move(operands)));
}

NodePtr makeSearchSorted(NodePtr sorted, NodePtr keys, bool right, SourceLoc loc) {
    NPC_ASSERT(sorted->type.rank() == 1 && sorted->type.dtype == keys->type.dtype &&
                   !isComplex(keys->type.dtype),
               "searchsorted of a non-1-D array or of mixed or complex dtypes");
    Type t{DType::Int64, keys->type.shape, false};
    Node n = node(NodeKind::SearchSorted, std::move(t), loc, {std::move(sorted), std::move(keys)});
    n.right = right;
    return finish(std::move(n));
}

std::string showExtent(const Dim &d, std::vector<Dim> *shown) {
    if (dimConstValue(d) || !shown)
        return dimStr(d);
    shown->push_back(d);
    return std::string(kShownExtent);
}

std::string showShape(const Shape &s, std::vector<Dim> *shown) {
    std::string out = "(";
    for (size_t i = 0; i < s.size(); ++i) {
        if (i > 0)
            out += ',';
        out += showExtent(s[i], shown);
    }
    return out + (s.size() == 1 ? ",)" : ")");
}

NodePtr withChecks(const NodePtr &n, std::vector<ExtentCheck> checks) {
    if (checks.empty())
        return n;
    NPC_ASSERT(n->kind != NodeKind::Param && n->kind != NodeKind::Constant,
               "extent checks on a leaf");
    Node copy = *n;
    copy.checks.insert(copy.checks.end(), checks.begin(), checks.end());
    return finish(std::move(copy));
}

NodePtr withName(const NodePtr &n, const std::string &name) {
    if (n->kind == NodeKind::Param || n->name == name)
        return n;
    Node copy = *n;
    copy.name = name;
    return finish(std::move(copy));
}

} // namespace npc::array
