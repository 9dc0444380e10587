// Python's builtins int, float, bool, min and max and the math module's functions, on
// scalars with Python's semantics: results are Python numbers (weak under NEP 50),
// int() truncates toward zero, math.floor and math.ceil return ints, math functions
// compute in float64 whatever the argument's dtype, and min/max return the first of equal
// values (so a NaN first argument wins and a later NaN is skipped, as in Python).
#include "frontend/LowerContext.h"
#include "frontend/PythonChecks.h"
#include "ir/Promotion.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <limits>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodeKind;
using array::NodePtr;
using array::UnaryOp;

/// The scalar argument `v`; Python's builtins and math functions reject arrays.
NodePtr requireNumber(const Value &v, const CallArgs &args) {
    if (v.kind != Value::Array)
        throw UserError(v.loc, fmt::format("{}() expects a number here", args.function));
    if (v.node->type.rank() != 0)
        throw UserError(v.loc, fmt::format("{}() of an array is not supported: Python's {}() "
                                           "takes a number; use the NumPy function on arrays",
                                           args.function, args.function));
    if (isComplex(v.node->type.dtype))
        throw UserError(v.loc, fmt::format("{}() of a complex number is not supported by npc",
                                           args.function));
    return v.node;
}

/// The positional arguments of a builtin that takes no keywords, `min`..`max` of them.
std::vector<NodePtr> numbers(const CallArgs &args, size_t min, size_t max) {
    if (!args.keywords.empty())
        throw UserError(args.keywordLocs[0], fmt::format("npc does not support the argument '{}' "
                                                         "of {}()",
                                                         args.keywords[0].first, args.function));
    if (args.positional.size() < min || args.positional.size() > max)
        throw UserError(args.loc, fmt::format("{}() takes {} argument{} ({} given)", args.function,
                                              min == max ? fmt::format("exactly {}", min)
                                                         : fmt::format("{} to {}", min, max),
                                              max == 1 ? "" : "s", args.positional.size()));
    std::vector<NodePtr> out;
    for (const Value &v : args.positional)
        out.push_back(requireNumber(v, args));
    return out;
}

double numberOf(const NodePtr &c) {
    return isFloat(c->type.dtype) ? c->floatValue : static_cast<double>(c->intValue);
}

/// `x` converted to a Python float (float64), as math's functions do first.
NodePtr toFloat64(ExprLowering &lowering, const NodePtr &x, SourceLoc loc) {
    return lowering.castTo(x, DType::Float64, loc);
}

/// int(x): truncation toward zero; int() is 0.
Value toInt(ExprLowering &lowering, const CallArgs &args) {
    auto xs = numbers(args, 0, 1);
    if (xs.empty())
        return Value::array(array::makeIntConstant(0, DType::Int64, true, args.loc), args.loc);
    const NodePtr &x = xs[0];
    if (x->kind == NodeKind::Constant) {
        if (!isFloat(x->type.dtype))
            return Value::array(array::makeIntConstant(x->intValue, DType::Int64, true, args.loc),
                                args.loc);
        double v = x->floatValue;
        if (std::isnan(v))
            throw UserError(args.loc, "cannot convert float NaN to integer");
        if (std::isinf(v) || std::abs(v) >= 9223372036854775808.0)
            throw UserError(args.loc, "npc's int() is int64: this float is out of its range");
        return Value::array(
            array::makeIntConstant(static_cast<int64_t>(v), DType::Int64, true, args.loc),
            args.loc);
    }
    NodePtr v = isSimpleScalar(*x) ? x : lowering.materialized(x, args.loc);
    return Value::array(
        pythonIntConversionChecked(v, array::makeCast(v, DType::Int64, true, args.loc), args.loc),
        args.loc);
}

/// float(x), float('nan'), float('inf'), float('-inf'), float() (0.0).
Value toFloat(ExprLowering &, const CallArgs &args) {
    if (args.positional.size() == 1 && args.positional[0].kind == Value::String) {
        std::string text = args.positional[0].text;
        std::string lower;
        for (char c : text)
            if (!std::isspace(static_cast<unsigned char>(c)))
                lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        char *end = nullptr;
        double v = std::strtod(lower.c_str(), &end);
        if (lower.empty() || *end != '\0')
            throw UserError(args.positional[0].loc,
                            fmt::format("could not convert string to float: '{}'", text));
        return Value::array(array::makeFloatConstant(v, DType::Float64, true, args.loc), args.loc);
    }
    auto xs = numbers(args, 0, 1);
    if (xs.empty())
        return Value::array(array::makeFloatConstant(0, DType::Float64, true, args.loc), args.loc);
    const NodePtr &x = xs[0];
    if (x->kind == NodeKind::Constant)
        return Value::array(array::makeFloatConstant(numberOf(x), DType::Float64, true, args.loc),
                            args.loc);
    return Value::array(array::makeCast(x, DType::Float64, true, args.loc), args.loc);
}

/// bool(x): x != 0 (NaN is true).
Value toBool(ExprLowering &, const CallArgs &args) {
    auto xs = numbers(args, 0, 1);
    if (xs.empty())
        return Value::array(array::makeIntConstant(0, DType::Bool, true, args.loc), args.loc);
    const NodePtr &x = xs[0];
    if (x->kind == NodeKind::Constant)
        return Value::array(array::makeIntConstant(numberOf(x) != 0 || std::isnan(numberOf(x)),
                                                   DType::Bool, true, args.loc),
                            args.loc);
    return Value::array(array::makeCast(x, DType::Bool, true, args.loc), args.loc);
}

/// min(a, b, ...) / max(a, b, ...), or of one tuple: Python keeps the running result
/// unless a later value is strictly smaller (larger). The operands are promoted to one
/// dtype by joinTypes (NEP 50, Python scalars staying Python's; Python itself would return
/// the winning object's own type).
Handler extremum(bool isMin) {
    return [isMin](ExprLowering &lowering, const CallArgs &args) {
        CallArgs items = args;
        if (args.positional.size() == 1 && args.positional[0].kind == Value::Tuple)
            items.positional = args.positional[0].elements;
        if (items.positional.size() == 1 && items.positional[0].kind == Value::Array &&
            items.positional[0].node->type.rank() > 0)
            throw UserError(args.loc,
                            fmt::format("{}() of an array iterates over it; use np.{}() "
                                        "(npc supports {}() of numbers)",
                                        args.function, isMin ? "min" : "max", args.function));
        if (items.positional.empty())
            throw UserError(args.loc,
                            fmt::format("{}() expected at least 1 argument, got 0", args.function));
        if (args.positional.size() == 1 && args.positional[0].kind == Value::Array)
            throw UserError(args.loc,
                            fmt::format("{}() of one number iterates over it, which Python "
                                        "refuses (TypeError: object is not iterable); give it "
                                        "two or more numbers, or a tuple of them",
                                        args.function));
        auto xs = numbers(items, 1, std::numeric_limits<size_t>::max());
        PromotionType p{xs[0]->type.dtype, xs[0]->type.weak};
        for (size_t i = 1; i < xs.size(); ++i)
            p = joinTypes(p, {xs[i]->type.dtype, xs[i]->type.weak});
        BinaryOp better = isMin ? BinaryOp::Less : BinaryOp::Greater;
        bool constant = std::all_of(xs.begin(), xs.end(),
                                    [](const NodePtr &x) { return x->kind == NodeKind::Constant; });
        if (constant) {
            NodePtr best = xs[0];
            for (size_t i = 1; i < xs.size(); ++i)
                if (isMin ? numberOf(xs[i]) < numberOf(best) : numberOf(xs[i]) > numberOf(best))
                    best = xs[i];
            double v = numberOf(best);
            if (isFloat(p.dtype))
                return Value::array(array::makeFloatConstant(v, p.dtype, p.weak, args.loc),
                                    args.loc);
            return Value::array(array::makeIntConstant(best->intValue, p.dtype, p.weak, args.loc),
                                args.loc);
        }
        NodePtr result = lowering.castTo(xs[0], p.dtype, args.loc);
        for (size_t i = 1; i < xs.size(); ++i) {
            if (std::find(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(i), xs[i]) !=
                xs.begin() + static_cast<std::ptrdiff_t>(i))
                continue; // min(p, p) is p (and p < p a compiler warning)
            NodePtr x = lowering.castTo(xs[i], p.dtype, args.loc);
            result = array::makeWhere(array::makeBinary(better, x, result, args.loc), x, result,
                                      args.loc);
        }
        return Value::array(p.weak ? asPythonScalar(result) : result, args.loc);
    };
}

/// math.<f>(x) for a float function: computed in float64, a Python float.
Handler mathUnary(UnaryOp op) {
    return [op](ExprLowering &lowering, const CallArgs &args) {
        NodePtr x = toFloat64(lowering, numbers(args, 1, 1)[0], args.loc);
        return Value::array(asPythonScalar(array::makeUnary(op, x, DType::Float64, args.loc)),
                            args.loc);
    };
}

/// math.floor / math.ceil / math.trunc: Python ints (int64 here); ints pass through.
Handler mathRounding(UnaryOp op) {
    return [op](ExprLowering &lowering, const CallArgs &args) {
        NodePtr x = numbers(args, 1, 1)[0];
        if (!isSimpleScalar(*x))
            x = lowering.materialized(x, args.loc);
        if (!isFloat(x->type.dtype)) // a uint64 of 2**63 or more is beyond int64
            return Value::array(
                pythonIntConversionChecked(
                    x, asPythonScalar(lowering.castTo(x, DType::Int64, args.loc)), args.loc),
                args.loc);
        NodePtr rounded =
            array::makeUnary(op, toFloat64(lowering, x, args.loc), DType::Float64, args.loc);
        return Value::array(
            pythonIntConversionChecked(
                rounded, array::makeCast(rounded, DType::Int64, true, args.loc), args.loc),
            args.loc);
    };
}

/// math.isnan / isinf / isfinite: bools.
Handler mathPredicate(UnaryOp op) {
    return [op](ExprLowering &lowering, const CallArgs &args) {
        NodePtr x = toFloat64(lowering, numbers(args, 1, 1)[0], args.loc);
        return Value::array(asPythonBool(array::makeUnary(op, x, DType::Bool, args.loc)),
                            args.loc);
    };
}

/// math.atan2(y, x), math.hypot(x, y), math.pow(x, y): float64.
Handler mathBinary(BinaryOp op) {
    return [op](ExprLowering &lowering, const CallArgs &args) {
        if (op == BinaryOp::Hypot && args.positional.size() != 2) // Python takes any number
            throw UserError(args.loc, fmt::format("npc supports math.hypot of two numbers ({} "
                                                  "given)",
                                                  args.positional.size()));
        auto xs = numbers(args, 2, 2);
        NodePtr a = toFloat64(lowering, xs[0], args.loc), b = toFloat64(lowering, xs[1], args.loc);
        return Value::array(asPythonScalar(array::makeBinary(op, a, b, args.loc)), args.loc);
    };
}

/// math.log(x[, base]).
Value mathLog(ExprLowering &lowering, const CallArgs &args) {
    auto xs = numbers(args, 1, 2);
    NodePtr x = array::makeUnary(UnaryOp::Log, toFloat64(lowering, xs[0], args.loc), DType::Float64,
                                 args.loc);
    if (xs.size() == 2)
        x = array::makeBinary(BinaryOp::TrueDivide, x,
                              array::makeUnary(UnaryOp::Log, toFloat64(lowering, xs[1], args.loc),
                                               DType::Float64, args.loc),
                              args.loc);
    return Value::array(asPythonScalar(x), args.loc);
}

/// complex(...): npc takes `complex` as a dtype (`x.astype(complex)`), not as a call.
Value toComplex(ExprLowering &, const CallArgs &args) {
    throw UserError(args.loc, "Python's builtin 'complex' is not supported by npc; write "
                              "x + y * 1j (complex is a dtype: x.astype(complex))");
}

} // namespace

const std::map<std::string, Handler> &scalarFunctions() {
    static const std::map<std::string, Handler> table = {
        {"builtins.int", toInt},
        {"builtins.float", toFloat},
        {"builtins.bool", toBool},
        {"builtins.complex", toComplex},
        {"builtins.min", extremum(true)},
        {"builtins.max", extremum(false)},
        {"math.sqrt", mathUnary(UnaryOp::Sqrt)},
        {"math.exp", mathUnary(UnaryOp::Exp)},
        {"math.expm1", mathUnary(UnaryOp::Expm1)},
        {"math.log", mathLog},
        {"math.log2", mathUnary(UnaryOp::Log2)},
        {"math.log10", mathUnary(UnaryOp::Log10)},
        {"math.log1p", mathUnary(UnaryOp::Log1p)},
        {"math.sin", mathUnary(UnaryOp::Sin)},
        {"math.cos", mathUnary(UnaryOp::Cos)},
        {"math.tan", mathUnary(UnaryOp::Tan)},
        {"math.asin", mathUnary(UnaryOp::Arcsin)},
        {"math.acos", mathUnary(UnaryOp::Arccos)},
        {"math.atan", mathUnary(UnaryOp::Arctan)},
        {"math.sinh", mathUnary(UnaryOp::Sinh)},
        {"math.cosh", mathUnary(UnaryOp::Cosh)},
        {"math.tanh", mathUnary(UnaryOp::Tanh)},
        {"math.asinh", mathUnary(UnaryOp::Arcsinh)},
        {"math.acosh", mathUnary(UnaryOp::Arccosh)},
        {"math.atanh", mathUnary(UnaryOp::Arctanh)},
        {"math.erf", mathUnary(UnaryOp::Erf)},
        {"math.erfc", mathUnary(UnaryOp::Erfc)},
        {"math.fabs", mathUnary(UnaryOp::Absolute)},
        {"math.floor", mathRounding(UnaryOp::Floor)},
        {"math.ceil", mathRounding(UnaryOp::Ceil)},
        {"math.trunc", mathRounding(UnaryOp::Trunc)},
        {"math.isnan", mathPredicate(UnaryOp::IsNan)},
        {"math.isinf", mathPredicate(UnaryOp::IsInf)},
        {"math.isfinite", mathPredicate(UnaryOp::IsFinite)},
        {"math.atan2", mathBinary(BinaryOp::Arctan2)},
        {"math.hypot", mathBinary(BinaryOp::Hypot)},
        {"math.pow", mathBinary(BinaryOp::Power)},
    };
    return table;
}

} // namespace npc::lowering
