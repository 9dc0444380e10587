// The NumPy reductions, np.linalg.norm, ndarray methods and attributes npc supports, each
// lowered to array IR with NumPy 2.x's result dtypes (sum of int32 is int64, mean of ints
// is float64, norm of float32 is float32, argmin is int64), and the lookup of every
// supported function (the elementwise ones are in LowerUfuncs.cpp).
#include "frontend/LowerContext.h"

#include <algorithm>
#include <fmt/format.h>
#include <functional>
#include <map>
#include <numeric>

namespace npc::lowering {
namespace {

using array::NodePtr;
using array::ReduceOp;

std::optional<int64_t> constantInt(const Value &v) {
    if (v.kind != Value::Array || v.node->kind != array::NodeKind::Constant ||
        isInexact(v.node->type.dtype) || isBool(v.node->type.dtype))
        return std::nullopt;
    return v.node->intValue;
}

/// Normalises `axis` (None, an int, or a tuple of ints; negative counts from the end)
/// for an array of `rank`, as numpy.core.multiarray.normalize_axis_index does.
std::vector<int> normalizeAxes(const std::optional<Value> &axis, int rank, const CallArgs &args) {
    std::vector<int> axes;
    if (!axis || axis->kind == Value::None) {
        axes.resize(static_cast<size_t>(rank));
        std::iota(axes.begin(), axes.end(), 0);
        return axes;
    }
    std::vector<Value> items = axis->kind == Value::Tuple ? axis->elements : std::vector{*axis};
    for (const Value &item : items) {
        auto a = constantInt(item);
        if (!a)
            throw UserError(item.loc, fmt::format("{}(): axis must be an integer literal, a tuple "
                                                  "of them, or None",
                                                  args.function));
        if (*a < -rank || *a >= rank)
            throw UserError(item.loc, fmt::format("axis {} is out of bounds for array of "
                                                  "dimension {}",
                                                  *a, rank));
        int normalized = static_cast<int>(*a < 0 ? *a + rank : *a);
        if (std::find(axes.begin(), axes.end(), normalized) != axes.end())
            throw UserError(item.loc, "repeated axis");
        axes.push_back(normalized);
    }
    return axes;
}

bool keepdimsFlag(const std::optional<Value> &v, const CallArgs &args) {
    if (!v)
        return false;
    if (v->kind == Value::Array && v->node->kind == array::NodeKind::Constant &&
        isBool(v->node->type.dtype))
        return v->node->intValue != 0;
    throw UserError(v->loc, fmt::format("{}(): keepdims must be True or False", args.function));
}

/// A reduction over `axes`; reducing no axes (a 0-d input) is the identity.
NodePtr reduce(ReduceOp op, NodePtr x, const std::vector<int> &axes, bool keepdims, SourceLoc loc) {
    if (axes.empty())
        return op == ReduceOp::ArgMin || op == ReduceOp::ArgMax
                   ? array::makeIntConstant(0, DType::Int64, false, loc)
                   : x;
    return array::makeReduce(op, std::move(x), axes, keepdims, loc);
}

/// The accumulator dtype NumPy's add.reduce uses: small ints widen to the platform
/// int (int64 / uint64), bool sums as int64.
DType sumDType(DType t) {
    if (isBool(t) || (isSignedInteger(t) && itemSize(t) < 8))
        return DType::Int64;
    if (isUnsignedInteger(t) && itemSize(t) < 8)
        return DType::UInt64;
    return t;
}

NodePtr elementCount(const NodePtr &x, const std::vector<int> &axes, SourceLoc loc) {
    std::vector<Dim> extents;
    for (int a : axes)
        extents.push_back(x->type.shape[static_cast<size_t>(a)]);
    Dim n = dimProduct(extents);
    if (auto c = dimConstValue(n))
        return array::makeIntConstant(*c, DType::Int64, true, loc);
    return array::makeDimValue(n, loc);
}

Handler reduction(ReduceOp op) {
    return [op](ExprLowering &, const CallArgs &args) {
        bool arg = op == ReduceOp::ArgMin || op == ReduceOp::ArgMax;
        auto b = arg ? bind(args, {{"a", true}, {"axis", false}, {"out", false}, {"keepdims", false}})
                     : bind(args, {{"a", true}, {"axis", false}, {"keepdims", false}});
        if (arg && b[2])
            throw UserError(b[2]->loc, fmt::format("npc does not support the argument 'out' of {}()",
                                                   args.function));
        NodePtr x = requireArray(b[0], args, "a");
        if (arg && b[1] && b[1]->kind == Value::Tuple)
            throw UserError(b[1]->loc, "argmin/argmax take a single axis");
        std::vector<int> axes = normalizeAxes(b[1], x->type.rank(), args);
        bool keepdims = keepdimsFlag(b[arg ? 3 : 2], args);
        if (op == ReduceOp::Sum || op == ReduceOp::Prod)
            x = array::makeCast(x, sumDType(x->type.dtype), args.loc);
        return Value::array(reduce(op, x, axes, keepdims, args.loc), args.loc);
    };
}

Value mean(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"axis", false}, {"keepdims", false}});
    NodePtr x = requireArray(b[0], args, "a");
    std::vector<int> axes = normalizeAxes(b[1], x->type.rank(), args);
    DType acc = isInexact(x->type.dtype) ? x->type.dtype : DType::Float64;
    NodePtr total = reduce(ReduceOp::Sum, array::makeCast(x, acc, args.loc), axes,
                           keepdimsFlag(b[2], args), args.loc);
    NodePtr count = lowering.castTo(elementCount(x, axes, args.loc), acc, args.loc);
    return Value::array(
        array::withName(lowering.binary(array::BinaryOp::TrueDivide, total, count, args.loc), "mean"),
        args.loc);
}

Value norm(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true}, {"ord", false}, {"axis", false}, {"keepdims", false}});
    NodePtr x = requireArray(b[0], args, "x");
    if (b[1] && b[1]->kind != Value::None)
        throw UserError(b[1]->loc, "np.linalg.norm: only ord=None (the 2-norm / Frobenius "
                                   "norm) is supported yet");
    if (!isInexact(x->type.dtype))
        x = array::makeCast(x, DType::Float64, args.loc);
    std::vector<int> axes = normalizeAxes(b[2], x->type.rank(), args);
    if (b[2] && b[2]->kind == Value::Tuple && axes.size() > 2)
        throw UserError(b[2]->loc, "Improper number of dimensions to norm.");
    NodePtr squares = lowering.binary(array::BinaryOp::Multiply, x, x, args.loc);
    NodePtr total = reduce(ReduceOp::Sum, squares, axes, keepdimsFlag(b[3], args), args.loc);
    return Value::array(array::withName(lowering.unary(array::UnaryOp::Sqrt, total, args.loc), "norm"),
                        args.loc);
}

const std::map<std::string, Handler> &reductionTable() {
    static const std::map<std::string, Handler> table = {
        {"numpy.sum", reduction(ReduceOp::Sum)},
        {"numpy.prod", reduction(ReduceOp::Prod)},
        {"numpy.min", reduction(ReduceOp::Min)},
        {"numpy.amin", reduction(ReduceOp::Min)},
        {"numpy.max", reduction(ReduceOp::Max)},
        {"numpy.amax", reduction(ReduceOp::Max)},
        {"numpy.argmin", reduction(ReduceOp::ArgMin)},
        {"numpy.argmax", reduction(ReduceOp::ArgMax)},
        {"numpy.mean", mean},
        {"numpy.linalg.norm", norm},
        {"ndarray.sum", reduction(ReduceOp::Sum)},
        {"ndarray.prod", reduction(ReduceOp::Prod)},
        {"ndarray.min", reduction(ReduceOp::Min)},
        {"ndarray.max", reduction(ReduceOp::Max)},
        {"ndarray.argmin", reduction(ReduceOp::ArgMin)},
        {"ndarray.argmax", reduction(ReduceOp::ArgMax)},
        {"ndarray.mean", mean},
    };
    return table;
}

/// The handler of a qualified name, or null if npc does not support it.
const Handler *findFunction(const std::string &name) {
    if (auto it = reductionTable().find(name); it != reductionTable().end())
        return &it->second;
    const auto &elementwise = elementwiseFunctions();
    if (auto it = elementwise.find(name); it != elementwise.end())
        return &it->second;
    return nullptr;
}

} // namespace

std::vector<std::optional<Value>> bind(const CallArgs &args, const std::vector<ParamSpec> &spec) {
    std::vector<std::optional<Value>> bound(spec.size());
    if (args.positional.size() > spec.size())
        throw UserError(args.loc, fmt::format("{}() takes at most {} positional arguments but {} "
                                              "were given",
                                              args.function, spec.size(), args.positional.size()));
    for (size_t i = 0; i < args.positional.size(); ++i)
        bound[i] = args.positional[i];
    for (size_t k = 0; k < args.keywords.size(); ++k) {
        const auto &[name, value] = args.keywords[k];
        auto it = std::find_if(spec.begin(), spec.end(),
                               [&](const ParamSpec &p) { return name == p.name; });
        if (it == spec.end())
            throw UserError(args.keywordLocs[k],
                            fmt::format("npc does not support the argument '{}' of {}()", name,
                                        args.function));
        size_t i = static_cast<size_t>(it - spec.begin());
        if (bound[i])
            throw UserError(args.keywordLocs[k],
                            fmt::format("{}() got multiple values for argument '{}'", args.function,
                                        name));
        bound[i] = value;
    }
    for (size_t i = 0; i < spec.size(); ++i)
        if (spec[i].required && !bound[i])
            throw UserError(args.loc, fmt::format("{}() missing required argument '{}'",
                                                  args.function, spec[i].name));
    return bound;
}

NodePtr requireArray(const std::optional<Value> &v, const CallArgs &args, const char *what) {
    if (!v || v->kind != Value::Array)
        throw UserError(v ? v->loc : args.loc,
                        fmt::format("{}() expects an array for '{}'", args.function, what));
    return v->node;
}

Value callNumPy(ExprLowering &lowering, const std::string &name, CallArgs args) {
    const Handler *handler = findFunction(name);
    if (!handler)
        throw UserError(args.loc, fmt::format("{}() is not supported by npc yet",
                                              displayName(name)));
    return (*handler)(lowering, args);
}

Value arrayAttribute(ExprLowering &, const Value &v, const std::string &attr, SourceLoc loc) {
    const NodePtr &x = v.node;
    if (attr == "ndim")
        return Value::array(array::makeIntConstant(x->type.rank(), DType::Int64, true, loc), loc);
    if (attr == "size") {
        Dim n = dimProduct(x->type.shape);
        if (auto c = dimConstValue(n))
            return Value::array(array::makeIntConstant(*c, DType::Int64, true, loc), loc);
        return Value::array(array::makeDimValue(n, loc), loc);
    }
    if (findFunction("ndarray." + attr))
        throw UserError(loc, fmt::format("ndarray.{} is a method; call it", attr));
    throw UserError(loc, fmt::format("the array attribute '{}' is not supported by npc yet", attr));
}

Value moduleMember(const Value &module, const std::string &attr, SourceLoc loc) {
    std::string q = module.qualifiedName + "." + attr;
    static const std::map<std::string, double> kFloatConstants = {
        {"numpy.pi", 3.141592653589793}, {"numpy.e", 2.718281828459045},
        {"numpy.inf", std::numeric_limits<double>::infinity()},
        {"numpy.nan", std::numeric_limits<double>::quiet_NaN()},
        {"math.pi", 3.141592653589793}, {"math.e", 2.718281828459045},
        {"math.inf", std::numeric_limits<double>::infinity()},
        {"math.nan", std::numeric_limits<double>::quiet_NaN()},
    };
    if (auto it = kFloatConstants.find(q); it != kFloatConstants.end())
        return Value::array(array::makeFloatConstant(it->second, DType::Float64, true, loc), loc);
    if (q == "numpy.newaxis")
        return Value{Value::None, nullptr, {}, {}, {}, loc};
    if (q == "numpy.linalg")
        return Value{Value::Module, nullptr, q, {}, {}, loc};
    if (findFunction(q))
        return Value{Value::Function, nullptr, q, {}, {}, loc};
    throw UserError(loc, fmt::format("{} is not supported by npc yet", displayName(q)));
}

} // namespace npc::lowering
