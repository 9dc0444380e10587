// The lookup of every NumPy function npc supports (the reductions and linear algebra are
// in LowerReductions.cpp, the elementwise ones in LowerUfuncs.cpp), argument binding and
// the axis/keepdims helpers they share, and array attributes.
#include "frontend/LowerContext.h"

#include <algorithm>
#include <fmt/format.h>
#include <functional>
#include <map>
#include <numeric>

namespace npc::lowering {
namespace {

using array::NodePtr;

/// The handler of a qualified name, or null if npc does not support it.
const Handler *findFunction(const std::string &name) {
    const auto &reductions = reductionFunctions();
    if (auto it = reductions.find(name); it != reductions.end())
        return &it->second;
    const auto &elementwise = elementwiseFunctions();
    if (auto it = elementwise.find(name); it != elementwise.end())
        return &it->second;
    const auto &shapes = shapeFunctions();
    if (auto it = shapes.find(name); it != shapes.end())
        return &it->second;
    for (const auto *table :
         {&arrayFunctions(), &arrayLayoutFunctions(), &sortingFunctions(), &padFunctions(),
          &bincountFunctions(), &covarianceFunctions(), &ufuncMethodFunctions(),
          &inPlaceMethodFunctions(), &insertDeleteFunctions(), &searchFunctions(),
          &histogramFunctions(), &tensorProductFunctions(), &gridFunctions(), &einsumFunctions(),
          &takeFunctions(), &convolveFunctions(), &selectionFunctions(), &arrayApiFunctions(),
          &mathFunctions(), &splitFunctions(), &nanFunctions(), &arrayInfoFunctions(),
          &setFunctions(), &gradientFunctions(), &indexTrickFunctions(), &floatPartFunctions()})
        if (auto it = table->find(name); it != table->end())
            return &it->second;
    for (const auto *table : {&creationFunctions(), &scalarFunctions(), &limitsFunctions()})
        if (auto it = table->find(name); it != table->end())
            return &it->second;
    return nullptr;
}

/// NumPy 2's second names of functions it has (the array API standard's spellings: np.acos
/// is np.arccos, np.concat is np.concatenate): the qualified name npc keys them by, as
/// NumPy's messages name them by it too. Other names are their own.
const std::string &canonicalName(const std::string &q) {
    static const std::map<std::string, std::string> kAliases = {
        {"numpy.acos", "numpy.arccos"},
        {"numpy.acosh", "numpy.arccosh"},
        {"numpy.asin", "numpy.arcsin"},
        {"numpy.asinh", "numpy.arcsinh"},
        {"numpy.atan", "numpy.arctan"},
        {"numpy.atanh", "numpy.arctanh"},
        {"numpy.atan2", "numpy.arctan2"},
        {"numpy.bitwise_invert", "numpy.invert"},
        {"numpy.bitwise_left_shift", "numpy.left_shift"},
        {"numpy.bitwise_right_shift", "numpy.right_shift"},
        {"numpy.concat", "numpy.concatenate"},
        {"numpy.permute_dims", "numpy.transpose"},
        {"numpy.pow", "numpy.power"},
    };
    auto it = kAliases.find(q);
    return it == kAliases.end() ? q : it->second;
}

} // namespace

std::optional<int64_t> constantInt(const Value &v) {
    if (v.kind != Value::Array || v.node->kind != array::NodeKind::Constant ||
        isInexact(v.node->type.dtype) || isBool(v.node->type.dtype))
        return std::nullopt;
    return v.node->intValue;
}

std::vector<int> normalizeAxes(const std::optional<Value> &axis, int rank, const CallArgs &args) {
    std::vector<int> axes;
    if (!axis || axis->kind == Value::None) {
        axes.resize(static_cast<size_t>(rank));
        std::iota(axes.begin(), axes.end(), 0);
        return axes;
    }
    if (axis->kind == Value::Tuple && axis->text == "list") // NumPy takes tuples only
        throw UserError(axis->loc, "'list' object cannot be interpreted as an integer (pass a "
                                   "tuple of axes)");
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

std::optional<bool> boolLiteral(const Value &v) {
    if (v.kind == Value::Array && v.node->kind == array::NodeKind::Constant &&
        isBool(v.node->type.dtype))
        return v.node->intValue != 0;
    return std::nullopt;
}

bool keepdimsFlag(const std::optional<Value> &v, const CallArgs &args) {
    if (!v)
        return false;
    if (auto flag = boolLiteral(*v))
        return *flag;
    throw UserError(v->loc, fmt::format("{}(): keepdims must be True or False", args.function));
}

std::optional<DType> dtypeOfName(const std::string &q) {
    if (q == "builtins.float")
        return DType::Float64;
    if (q == "builtins.int")
        return DType::Int64;
    if (q == "builtins.bool")
        return DType::Bool;
    if (q == "builtins.complex")
        return DType::Complex128;
    if (q.rfind("numpy.", 0) != 0)
        return std::nullopt;
    // NumPy 2's C-named aliases (as on LP64 Linux).
    static const std::map<std::string, DType> kAliases = {
        {"bool_", DType::Bool},      {"int_", DType::Int64},       {"intp", DType::Int64},
        {"uint", DType::UInt64},     {"uintp", DType::UInt64},     {"byte", DType::Int8},
        {"ubyte", DType::UInt8},     {"short", DType::Int16},      {"ushort", DType::UInt16},
        {"intc", DType::Int32},      {"uintc", DType::UInt32},     {"longlong", DType::Int64},
        {"ulonglong", DType::UInt64}, {"single", DType::Float32},  {"double", DType::Float64},
    };
    std::string name = q.substr(6);
    if (auto it = kAliases.find(name); it != kAliases.end())
        return it->second;
    if (name == "csingle")
        return DType::Complex64;
    if (name == "cdouble")
        return DType::Complex128;
    return parseDTypeName(name);
}

std::optional<DType> dtypeOfValue(const Value &v) {
    if (v.kind == Value::Function)
        return dtypeOfName(v.qualifiedName);
    if (v.kind != Value::String)
        return std::nullopt;
    // 'float32'; 'float', 'int', ... as the builtins
    bool builtin = v.text == "float" || v.text == "int" || v.text == "bool" || v.text == "complex";
    return dtypeOfName((builtin ? "builtins." : "numpy.") + v.text);
}

namespace {

/// The error for an argument npc does not take, with what to write instead of `out=`.
std::string unsupportedArgument(const std::string &name, const std::string &function) {
    std::string message =
        fmt::format("npc does not support the argument '{}' of {}()", name, function);
    if (name == "out")
        message += fmt::format("; assign the result instead ('y = {0}(...)', or "
                               "'y[...] = {0}(...)' to write into an existing array)",
                               function);
    return message;
}

} // namespace

void rejectArgument(const std::optional<Value> &v, const char *name, const CallArgs &args) {
    if (v && v->kind != Value::None)
        throw UserError(v->loc, unsupportedArgument(name, args.function));
}

std::optional<DType> dtypeArgument(const std::optional<Value> &v, const CallArgs &args) {
    if (!v || v->kind == Value::None)
        return std::nullopt;
    std::optional<DType> t = dtypeOfValue(*v);
    if (!t)
        throw UserError(v->loc, fmt::format("{}(): dtype must be a NumPy scalar type such as "
                                            "np.float32, a name such as 'float32', or float, "
                                            "int, bool or complex",
                                            args.function));
    return t;
}

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
            throw UserError(args.keywordLocs[k], unsupportedArgument(name, args.function));
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

NodePtr arrayArgument(ExprLowering &lowering, const Value &v, const CallArgs &args,
                      const char *what) {
    if (v.kind == Value::Tuple)
        return callNumPy(lowering, "numpy.asarray", CallArgs{"np.asarray", v.loc, {v}, {}, {}})
            .node;
    return requireArray(v, args, what);
}

NodePtr asArray(ExprLowering &lowering, const Value &v, const CallArgs &args, const char *what) {
    NodePtr n = arrayArgument(lowering, v, args, what);
    return array::makeCast(n, n->type.dtype, args.loc);
}

NodePtr raveled(ExprLowering &lowering, const NodePtr &x, SourceLoc loc) {
    return callNumPy(lowering, "numpy.ravel",
                     CallArgs{"np.ravel", loc, {Value::array(x, loc)}, {}, {}})
        .node;
}

void requireOneDimensional(const NodePtr &a, SourceLoc loc) {
    if (a->type.rank() == 0)
        throw UserError(loc, "object of too small depth for desired array");
    if (a->type.rank() > 1)
        throw UserError(loc, "object too deep for desired array");
}

Value callNumPy(ExprLowering &lowering, const std::string &name, CallArgs args) {
    const Handler *handler = findFunction(name);
    if (!handler)
        throw UserError(args.loc, fmt::format("{}() is not supported by npc yet",
                                              displayName(name)));
    return (*handler)(lowering, args);
}

Value arrayAttribute(ExprLowering &lowering, const Value &v, const std::string &attr, SourceLoc loc) {
    const NodePtr &x = v.node;
    if (attr == "ndim")
        return Value::array(array::makeIntConstant(x->type.rank(), DType::Int64, true, loc), loc);
    if (auto shaped = shapeAttribute(v, attr, loc))
        return *shaped;
    if (attr == "real" || attr == "imag") // ndarray.real / .imag: read as values, not views
        return Value::array(lowering.unary(attr == "real" ? array::UnaryOp::Real
                                                          : array::UnaryOp::Imag,
                                           x, loc),
                            loc);
    if (findFunction("ndarray." + attr))
        throw UserError(loc, fmt::format("ndarray.{} is a method; call it", attr));
    throw UserError(loc, fmt::format("the array attribute '{}' is not supported by npc yet", attr));
}

Value moduleMember(const Value &module, const std::string &attr, SourceLoc loc) {
    std::string q = canonicalName(module.qualifiedName + "." + attr);
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
    if (findFunction(q) || (module.qualifiedName == "numpy" && dtypeOfName(q)))
        return Value{Value::Function, nullptr, q, {}, {}, loc};
    throw UserError(loc, fmt::format("{} is not supported by npc yet", displayName(q)));
}

} // namespace npc::lowering
