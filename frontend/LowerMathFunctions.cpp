// Elementwise functions NumPy writes in Python from other ufuncs, or ufuncs npc builds from
// others: np.nan_to_num, np.select and np.polyval (numpy/lib), np.isin
// (numpy/lib/_arraysetops), np.logspace and np.geomspace (numpy/_core/function_base.py),
// np.fix, np.sinc, np.isposinf, np.isneginf, np.isreal, np.iscomplex, and the ufuncs
// np.float_power, np.divmod, np.modf, np.fabs, np.positive, np.reciprocal and np.spacing.
// Each follows the NumPy source it names, operation for operation, so the results are
// NumPy's bit for bit where the operations are.
#include "frontend/LowerContext.h"

#include <fmt/format.h>
#include <limits>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::UnaryOp;
using array::ViewEntry;

/// A Python number or 0-d array argument of a replacement value (`what` names it); a located
/// error for others.
NodePtr scalarArgument(const std::optional<Value> &v, const CallArgs &args, const char *what) {
    NodePtr n = requireArray(v, args, what);
    if (n->type.rank() != 0 || isComplex(n->type.dtype))
        throw UserError(v->loc,
                        fmt::format("{}(): npc needs '{}' as a real number", args.function, what));
    return n;
}

/// numpy.nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None): x with NaN replaced
/// by `nan`, +inf by `posinf` (default the dtype's largest finite value) and -inf by
/// `neginf` (the most negative finite value), each converted to x's dtype as np.copyto
/// converts it; integers and bools come back unchanged (a copy). Real numbers only;
/// copy=False, which NumPy does in place, is a located error.
Value nanToNum(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(
        args, {{"x", true}, {"copy", false}, {"nan", false}, {"posinf", false}, {"neginf", false}});
    NodePtr x = asArray(lowering, *b[0], args, "x");
    DType t = x->type.dtype;
    bool copy = boolFlag(b[1], true, args, "copy");
    if (!isInexact(t))
        return Value::array(copy ? array::makeCopy(x, args.loc) : x, args.loc);
    if (!copy)
        throw UserError(b[1]->loc, "np.nan_to_num(copy=False) replaces the values in x itself, "
                                   "which npc does not support; assign the result instead "
                                   "(x[...] = np.nan_to_num(x))");
    if (isComplex(t))
        throw UserError(b[0]->loc, "np.nan_to_num() of complex numbers is not supported by npc "
                                   "yet");
    SourceLoc loc = args.loc;
    bool single = t == DType::Float32;
    double largest =
        single ? std::numeric_limits<float>::max() : std::numeric_limits<double>::max();
    auto replacement = [&](size_t i, const char *what, double absent) {
        bool given = b[i] && b[i]->kind != Value::None;
        NodePtr v = given ? scalarArgument(b[i], args, what)
                          : array::makeFloatConstant(absent, t, false, loc);
        return array::makeBroadcast(lowering.castTo(v, t, loc), x->type.shape, loc);
    };
    NodePtr nanValue = replacement(2, "nan", 0.0);
    NodePtr posValue = replacement(3, "posinf", largest);
    NodePtr negValue = replacement(4, "neginf", -largest);
    auto equals = [&](double v) {
        return lowering.binary(BinaryOp::Equal, x, array::makeFloatConstant(v, t, false, loc), loc);
    };
    constexpr double inf = std::numeric_limits<double>::infinity();
    NodePtr out = array::makeWhere(equals(-inf), negValue, x, loc);
    out = array::makeWhere(equals(inf), posValue, out, loc);
    out = array::makeWhere(lowering.unary(UnaryOp::IsNan, x, loc), nanValue, out, loc);
    return Value::array(array::withName(out, "nan_to_num"), loc);
}

/// The elements of a list or tuple argument of np.select (`what` names it).
const std::vector<Value> &listArgument(const std::optional<Value> &v, const CallArgs &args,
                                       const char *what) {
    if (!v || v->kind != Value::Tuple)
        throw UserError(v ? v->loc : args.loc,
                        fmt::format("np.select(): npc needs {} as a list or tuple written in the "
                                    "call",
                                    what));
    return v->elements;
}

/// numpy.select(condlist, choicelist, default=0): the choice of the first true condition at
/// each position, else `default`; the dtype numpy.result_type of the choices and default
/// (Python numbers weak, NEP 50), every operand broadcast together; NumPy's ValueError for
/// lists of different or zero lengths and TypeError for a condition that is not bool.
Value select(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"condlist", true}, {"choicelist", true}, {"default", false}});
    const std::vector<Value> &condValues = listArgument(b[0], args, "condlist");
    const std::vector<Value> &choiceValues = listArgument(b[1], args, "choicelist");
    if (condValues.size() != choiceValues.size())
        throw UserError(args.loc, "list of cases must be same length as list of conditions");
    if (condValues.empty())
        throw UserError(args.loc, "select with an empty condition list is not possible");
    SourceLoc loc = args.loc;
    std::vector<NodePtr> choices;
    for (const Value &c : choiceValues)
        choices.push_back(c.kind == Value::Tuple ? asArray(lowering, c, args, "choicelist")
                                                 : requireArray(c, args, "choicelist"));
    choices.push_back(b[2] ? (b[2]->kind == Value::Tuple ? asArray(lowering, *b[2], args, "default")
                                                         : requireArray(b[2], args, "default"))
                           : array::makeIntConstant(0, DType::Int64, true, loc));
    PromotionType pt{choices[0]->type.dtype, choices[0]->type.weak};
    for (const NodePtr &c : choices)
        pt = promote(pt, {c->type.dtype, c->type.weak});
    std::vector<NodePtr> conds;
    Shape shape;
    for (size_t i = 0; i < condValues.size(); ++i) {
        NodePtr c = asArray(lowering, condValues[i], args, "condlist");
        if (!isBool(c->type.dtype))
            throw UserError(condValues[i].loc, fmt::format("invalid entry {} in condlist: should "
                                                           "be boolean ndarray",
                                                           i));
        conds.push_back(c);
        shape = broadcastShapes(shape, c->type.shape, loc);
    }
    for (const NodePtr &c : choices)
        shape = broadcastShapes(shape, c->type.shape, loc);
    // NumPy's np.broadcast_arrays makes a Python number an int64 / float64 / complex128 array
    // first, which np.full and np.copyto then cast unsafely (-1 into uint8 is 255).
    auto chosen = [&](const NodePtr &c) {
        NodePtr strong = array::makeCast(c, c->type.dtype, false, loc);
        return array::makeBroadcast(array::makeCast(strong, pt.dtype, false, loc), shape, loc);
    };
    NodePtr out = chosen(choices.back());
    for (size_t i = conds.size(); i-- > 0;)
        out = array::makeWhere(array::makeBroadcast(conds[i], shape, loc), chosen(choices[i]), out,
                               loc);
    return Value::array(array::withName(out, "select"), loc);
}

/// numpy.polyval(p, x): Horner's rule as NumPy writes it, `y = zeros_like(x)`, then
/// `y = y * x + pv` for each coefficient (highest power first; so an infinite x gives NaN,
/// 0 * inf, as NumPy's). p is 1-D, its length known at compile time (a list, or a fixed
/// extent in the signature).
Value polyval(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"p", true}, {"x", true}});
    NodePtr p = asArray(lowering, *b[0], args, "p");
    NodePtr x = asArray(lowering, *b[1], args, "x");
    if (p->type.rank() != 1)
        throw UserError(b[0]->loc, p->type.rank() == 0
                                       ? std::string("iteration over a 0-d array")
                                       : fmt::format("np.polyval(): npc supports a 1-D p only "
                                                     "(p has {} dimensions)",
                                                     p->type.rank()));
    std::optional<int64_t> n = dimConstValue(p->type.shape[0]);
    if (!n)
        throw UserError(b[0]->loc, fmt::format("np.polyval(): npc needs the number of "
                                               "coefficients known at compile time: pass a "
                                               "list, or give p a fixed extent in the signature "
                                               "({}[4])",
                                               dtypeName(p->type.dtype)));
    SourceLoc loc = args.loc;
    NodePtr y = array::makeBroadcast(
        array::makeCast(array::makeIntConstant(0, DType::Int64, true, loc), x->type.dtype, loc),
        x->type.shape, loc);
    for (int64_t i = 0; i < *n; ++i) {
        NodePtr pv = array::makeView(p, {ViewEntry::at(i)}, loc);
        y = lowering.binary(BinaryOp::Add, lowering.binary(BinaryOp::Multiply, y, x, loc), pv, loc);
    }
    return Value::array(array::withName(y, "polyval"), loc);
}

/// numpy.isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
/// whether each element equals any of test_elements (flattened), by `==` (so NaN is in
/// nothing, -0.0 is 0.0), negated for invert=True; element's shape. Every pair is compared:
/// O(element.size * test_elements.size), in parallel over the elements.
Value isin(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"element", true},
                         {"test_elements", true},
                         {"assume_unique", false},
                         {"invert", false},
                         {"kind", false}});
    NodePtr e = asArray(lowering, *b[0], args, "element");
    NodePtr t = raveled(lowering, asArray(lowering, *b[1], args, "test_elements"), args.loc);
    boolFlag(b[2], false, args, "assume_unique");
    bool invert = boolFlag(b[3], false, args, "invert");
    if (b[4] && b[4]->kind != Value::None) {
        const std::string &kind = b[4]->text;
        if (b[4]->kind != Value::String || (kind != "sort" && kind != "table"))
            throw UserError(b[4]->loc, fmt::format("Invalid kind: '{}'. Please use None, 'sort' "
                                                   "or 'table'.",
                                                   b[4]->kind == Value::String ? kind : "?"));
        bool integral = [](DType d) { return isInteger(d) || isBool(d); }(e->type.dtype) &&
                        (isInteger(t->type.dtype) || isBool(t->type.dtype));
        if (kind == "table" && !integral)
            throw UserError(b[4]->loc, "The 'table' method is only supported for boolean or "
                                       "integer arrays. Please select 'sort' or None for kind.");
    }
    SourceLoc loc = args.loc;
    int r = e->type.rank();
    std::vector<ViewEntry> eEntries(static_cast<size_t>(r), ViewEntry::all());
    eEntries.push_back(ViewEntry::newAxis());
    std::vector<ViewEntry> tEntries(static_cast<size_t>(r), ViewEntry::newAxis());
    tEntries.push_back(ViewEntry::all());
    NodePtr equal = lowering.binary(BinaryOp::Equal, array::makeView(e, eEntries, loc),
                                    array::makeView(t, tEntries, loc), loc);
    NodePtr found = array::makeReduce(array::ReduceOp::Any, equal, {r}, false, loc);
    if (invert)
        found = lowering.unary(UnaryOp::LogicalNot, found, loc);
    return Value::array(array::withName(found, "isin"), loc);
}

/// numpy.logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
/// `np.power(np.array(base), np.linspace(start, stop, num, endpoint, axis=axis))`, cast to
/// dtype when given. base must be a number (or 0-d array).
Value logspace(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"start", true},
                         {"stop", true},
                         {"num", false},
                         {"endpoint", false},
                         {"base", false},
                         {"dtype", false},
                         {"axis", false}});
    CallArgs linspace{"np.linspace", args.loc, {*b[0], *b[1]}, {}, {}};
    for (size_t i : {2, 3, 6})
        if (b[i]) {
            linspace.keywords.emplace_back(i == 2 ? "num" : i == 3 ? "endpoint" : "axis", *b[i]);
            linspace.keywordLocs.push_back(b[i]->loc);
        }
    NodePtr y = callNumPy(lowering, "numpy.linspace", std::move(linspace)).node;
    NodePtr base = b[4] ? asArray(lowering, *b[4], args, "base")
                        : array::makeFloatConstant(10.0, DType::Float64, false, args.loc);
    if (base->type.rank() != 0)
        throw UserError(b[4]->loc, "np.logspace(): npc supports a number as base only");
    NodePtr out = array::withName(lowering.binary(BinaryOp::Power, base, y, args.loc), "logspace");
    if (!b[5] || b[5]->kind == Value::None)
        return Value::array(out, args.loc);
    return callNumPy(
        lowering, "ndarray.astype",
        CallArgs{"ndarray.astype",
                 args.loc,
                 {Value::array(out, args.loc), *b[5]},
                 {{"copy", Value::array(array::makeIntConstant(0, DType::Bool, false, args.loc),
                                        args.loc)}},
                 {args.loc}});
}

/// numpy.geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0) of two numbers,
/// as NumPy computes it: in dt (float64, or float32 for float32 ends with dtype=float32;
/// complex is refused), np.logspace of the ends' log10s after dividing out start's sign,
/// the first and last elements set to the ends exactly, times the sign, then cast to
/// dtype. NumPy's ValueError for an end of 0 (on entry where only the run time knows it).
Value geomspace(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"start", true},
                         {"stop", true},
                         {"num", false},
                         {"endpoint", false},
                         {"dtype", false},
                         {"axis", false}});
    SourceLoc loc = args.loc;
    bool hasDtype = b[4] && b[4]->kind != Value::None;
    DType given = hasDtype ? dtypeArgument(b[4], args).value_or(DType::Float64) : DType::Float64;
    NodePtr ends[2];
    DType dt = given;
    for (size_t i : {0, 1}) {
        NodePtr e = asArray(lowering, *b[i], args, i == 0 ? "start" : "stop");
        if (e->type.rank() != 0)
            throw UserError(b[i]->loc, "np.geomspace(): npc supports numbers as start and stop");
        if (isComplex(e->type.dtype) || isComplex(given))
            throw UserError(b[i]->loc, "np.geomspace() of complex numbers is not supported by npc "
                                       "yet");
        ends[i] = lowering.binary(BinaryOp::Multiply, e,
                                  array::makeFloatConstant(1.0, DType::Float64, true, loc), loc);
        dt = promoteDTypes(dt, ends[i]->type.dtype);
    }
    if (!isInexact(dt))
        dt = DType::Float64;
    if (b[5] && !(constantInt(*b[5]) && *constantInt(*b[5]) == 0))
        throw UserError(b[5]->loc, "np.geomspace(): npc supports axis=0 only (numbers as ends)");
    const char *zero = "Geometric sequence cannot include zero";
    NodePtr fails;
    for (NodePtr &e : ends) {
        e = lowering.materialized(array::makeCast(e, dt, loc), loc);
        NodePtr isZero =
            lowering.binary(BinaryOp::Equal, e, array::makeFloatConstant(0, dt, false, loc), loc);
        fails = fails ? lowering.binary(BinaryOp::LogicalOr, fails, isZero, loc) : isZero;
    }
    NodePtr sign = lowering.unary(UnaryOp::Sign, ends[0], loc);
    NodePtr start = lowering.binary(BinaryOp::TrueDivide, ends[0], sign, loc);
    NodePtr stop = lowering.binary(BinaryOp::TrueDivide, ends[1], sign, loc);
    CallArgs space{"np.logspace",
                   loc,
                   {Value::array(lowering.unary(UnaryOp::Log10, start, loc), loc),
                    Value::array(lowering.unary(UnaryOp::Log10, stop, loc), loc)},
                   {},
                   {}};
    for (size_t i : {2, 3})
        if (b[i]) {
            space.keywords.emplace_back(i == 2 ? "num" : "endpoint", *b[i]);
            space.keywordLocs.push_back(b[i]->loc);
        }
    space.keywords.emplace_back(
        "dtype",
        Value{Value::Function, nullptr, "numpy." + std::string(dtypeName(dt)), {}, {}, loc});
    space.keywordLocs.push_back(loc);
    NodePtr result = callNumPy(lowering, "numpy.logspace", std::move(space)).node;
    // result[0] = start; result[-1] = stop where endpoint and num > 1.
    const Shape &shape = result->type.shape;
    NodePtr i = array::makeIota(shape, 0, loc);
    auto constant = [&](int64_t v) { return array::makeIntConstant(v, DType::Int64, false, loc); };
    NodePtr last =
        lowering.binary(BinaryOp::Subtract, array::makeDimValue(shape[0], loc), constant(1), loc);
    bool endpoint = boolFlag(b[3], true, args, "endpoint");
    if (endpoint)
        result = array::makeWhere(
            lowering.binary(BinaryOp::LogicalAnd, lowering.binary(BinaryOp::Equal, i, last, loc),
                            lowering.binary(BinaryOp::Greater, last, constant(0), loc), loc),
            array::makeBroadcast(stop, shape, loc), result, loc);
    result = array::makeWhere(lowering.binary(BinaryOp::Equal, i, constant(0), loc),
                              array::makeBroadcast(start, shape, loc), result, loc);
    result = lowering.binary(BinaryOp::Multiply, result, sign, loc);
    result = array::makeCast(result, hasDtype ? given : dt, loc);
    result = array::withChecks(array::withName(result, "geomspace"),
                               {conditionCheck(fails, "zero end", zero)});
    return Value::array(result, loc);
}

/// numpy.float_power(x1, x2): x1 ** x2 computed in float64 (complex128 for complex
/// operands), whatever the operands' dtypes (NumPy's only loops are 'dd->d' and 'DD->D').
Value floatPower(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x1", true}, {"x2", true}});
    NodePtr x1 = requireArray(b[0], args, "x1");
    NodePtr x2 = requireArray(b[1], args, "x2");
    DType in = promote({x1->type.dtype, x1->type.weak}, {x2->type.dtype, x2->type.weak}).dtype;
    DType t = isComplex(in) ? DType::Complex128 : DType::Float64;
    NodePtr out = lowering.binary(BinaryOp::Power, lowering.castTo(x1, t, args.loc),
                                  lowering.castTo(x2, t, args.loc), args.loc);
    return Value::array(array::makeCast(out, t, false, args.loc), args.loc);
}

/// numpy.divmod(x1, x2): the tuple (np.floor_divide(x1, x2), np.remainder(x1, x2)), whose
/// dtypes and values are those ufuncs' (NumPy's divmod loops compute both the same way).
Value divmod(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x1", true}, {"x2", true}});
    std::vector<Value> parts;
    for (const char *f : {"numpy.floor_divide", "numpy.remainder"})
        parts.push_back(
            callNumPy(lowering, f, CallArgs{args.function, args.loc, {*b[0], *b[1]}, {}, {}}));
    Value t;
    t.kind = Value::Tuple;
    t.loc = args.loc;
    t.elements = std::move(parts);
    return t;
}

/// numpy.modf(x): the tuple (fractional part, integral part), both with x's sign, as C's
/// modf gives them: the integral part np.trunc(x), the fractional part x - trunc(x) with
/// x's sign (0 for infinities; -0.0 for -3.0); float-only loops (int16 in float32, ...).
Value modf(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true}});
    NodePtr x = requireArray(b[0], args, "x");
    if (isComplex(x->type.dtype))
        throw UserError(args.loc, "ufunc 'modf' not supported for the input types, and the "
                                  "inputs could not be safely coerced to any supported types "
                                  "according to the casting rule ''safe''");
    SourceLoc loc = args.loc;
    DType t = floatLoop(x->type.dtype, "modf", loc);
    NodePtr v = array::makeCast(x, t, false, loc);
    NodePtr integral = lowering.unary(UnaryOp::Trunc, v, loc);
    NodePtr zero = array::makeFloatConstant(0.0, t, false, loc);
    NodePtr difference = lowering.binary(BinaryOp::Subtract, v, integral, loc);
    NodePtr fraction =
        array::makeWhere(lowering.unary(UnaryOp::IsInf, v, loc),
                         array::makeBroadcast(zero, v->type.shape, loc), difference, loc);
    fraction = lowering.binary(BinaryOp::Copysign, fraction, v, loc);
    return arrayTuple({fraction, integral}, loc);
}

/// A one-argument call of the ufunc `name` ("numpy.trunc") on `x`.
Value callUfunc(ExprLowering &lowering, const char *name, const NodePtr &x, SourceLoc loc) {
    return callNumPy(lowering, name,
                     CallArgs{displayName(name), loc, {Value::array(x, loc)}, {}, {}});
}

/// numpy.fabs(x): the absolute value in a float loop (int16 in float32, ...); NumPy's
/// TypeError for complex numbers.
Value fabs(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true}});
    NodePtr x = requireArray(b[0], args, "x");
    if (isComplex(x->type.dtype))
        throw UserError(args.loc, "ufunc 'fabs' not supported for the input types, and the "
                                  "inputs could not be safely coerced to any supported types "
                                  "according to the casting rule ''safe''");
    DType t = floatLoop(x->type.dtype, "fabs", args.loc);
    return Value::array(
        lowering.unary(UnaryOp::Absolute, array::makeCast(x, t, false, args.loc), args.loc),
        args.loc);
}

/// numpy.reciprocal(x): 1/x. Floats divide in their dtype (correctly rounded, as NumPy's
/// loops). Integers keep their dtype (bool becomes int8) and NumPy's loop converts the
/// double 1.0/x to it: 1 for 1, -1 for -1, 0 for the others, and for 0 what x86-64 makes
/// of the infinity: the minimum of int32 and int64, 0 for the narrower and unsigned dtypes.
/// Complex numbers are a located error.
Value reciprocal(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true}});
    NodePtr x = requireArray(b[0], args, "x");
    SourceLoc loc = args.loc;
    DType t = isBool(x->type.dtype) ? DType::Int8 : x->type.dtype;
    if (isComplex(t))
        throw UserError(loc, "np.reciprocal of complex numbers is not supported by npc yet");
    NodePtr v = array::makeCast(x, t, false, loc);
    if (isInexact(t))
        return Value::array(
            lowering.binary(BinaryOp::TrueDivide, array::makeFloatConstant(1, t, false, loc), v,
                            loc),
            loc);
    auto constant = [&](int64_t value) {
        return array::makeBroadcast(array::makeIntConstant(value, t, false, loc), v->type.shape,
                                    loc);
    };
    auto equals = [&](int64_t value) {
        return lowering.binary(BinaryOp::Equal, v, array::makeIntConstant(value, t, false, loc),
                               loc);
    };
    NodePtr out = array::makeWhere(equals(1), constant(1), constant(0), loc);
    if (isSignedInteger(t)) {
        out = array::makeWhere(equals(-1), constant(-1), out, loc);
        if (itemSize(t) >= 4)
            out = array::makeWhere(equals(0), constant(itemSize(t) == 4 ? INT32_MIN : INT64_MIN),
                                   out, loc);
    }
    return Value::array(array::withName(out, "reciprocal"), loc);
}

/// numpy.positive(x): a copy of x (a Python number becomes its default dtype); NumPy's
/// TypeError for bools.
Value positive(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"x", true}});
    NodePtr x = requireArray(b[0], args, "x");
    if (isBool(x->type.dtype))
        throw UserError(args.loc, "ufunc 'positive' did not contain a loop with signature "
                                  "matching types <class 'numpy.dtypes.BoolDType'> -> None");
    return Value::array(
        array::makeCopy(array::makeCast(x, x->type.dtype, false, args.loc), args.loc), args.loc);
}

/// numpy.fix(x): `ceil(x)`, then `floor(x)` where x >= 0: np.trunc's values and dtypes
/// (-0.5 gives -0.0; integers and bools keep their dtype).
Value fix(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true}});
    return callUfunc(lowering, "numpy.trunc", requireArray(b[0], args, "x"), args.loc);
}

/// numpy.sinc(x): NumPy's `y = pi * where(x == 0, 1.0e-20, x); sin(y) / y` (float64 for
/// integers, float32 kept).
Value sinc(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true}});
    SourceLoc loc = args.loc;
    NodePtr x = asArray(lowering, *b[0], args, "x");
    NodePtr zero = lowering.binary(BinaryOp::Equal, x,
                                   array::makeIntConstant(0, DType::Int64, true, loc), loc);
    NodePtr tiny = array::makeFloatConstant(1.0e-20, DType::Float64, true, loc);
    NodePtr moved =
        callNumPy(lowering, "numpy.where",
                  CallArgs{"np.where",
                           loc,
                           {Value::array(zero, loc), Value::array(tiny, loc), Value::array(x, loc)},
                           {},
                           {}})
            .node;
    NodePtr pi = array::makeFloatConstant(3.141592653589793, DType::Float64, true, loc);
    NodePtr y = lowering.binary(BinaryOp::Multiply, pi, moved, loc);
    NodePtr out =
        lowering.binary(BinaryOp::TrueDivide, lowering.unary(UnaryOp::Sin, y, loc), y, loc);
    return Value::array(array::withName(out, "sinc"), loc);
}

/// numpy.isposinf / numpy.isneginf(x): bool, x is +inf / -inf (`isinf(x) & ~signbit(x)`);
/// NumPy's TypeError for complex numbers.
Handler isSignedInf(bool positive) {
    return [positive](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"x", true}, {"out", false}});
        rejectArgument(b[1], "out", args);
        NodePtr x = asArray(lowering, *b[0], args, "x");
        if (isComplex(x->type.dtype))
            throw UserError(args.loc, fmt::format("This operation is not supported for {} values "
                                                  "because it would be ambiguous.",
                                                  dtypeName(x->type.dtype)));
        double inf = std::numeric_limits<double>::infinity();
        NodePtr limit =
            array::makeFloatConstant(positive ? inf : -inf, DType::Float64, true, args.loc);
        return Value::array(lowering.binary(BinaryOp::Equal, x, limit, args.loc), args.loc);
    };
}

/// numpy.isreal(x) (`imag(x) == 0`) and numpy.iscomplex(x) (`imag(x) != 0` for complex
/// arrays, all False otherwise): bool arrays of x's shape.
Handler isRealOrComplex(bool real) {
    return [real](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"x", true}});
        SourceLoc loc = args.loc;
        NodePtr x = asArray(lowering, *b[0], args, "x");
        if (!real && !isComplex(x->type.dtype))
            return Value::array(
                array::makeBroadcast(array::makeIntConstant(0, DType::Bool, false, loc),
                                     x->type.shape, loc),
                loc);
        NodePtr imag = callUfunc(lowering, "numpy.imag", x, loc).node;
        return Value::array(lowering.binary(real ? BinaryOp::Equal : BinaryOp::NotEqual, imag,
                                            array::makeIntConstant(0, DType::Int64, true, loc),
                                            loc),
                            loc);
    };
}

/// numpy.spacing(x): the distance from x to the next float away from zero (npy_spacing:
/// `nextafter(x, -inf) - x` below zero, `nextafter(x, inf) - x` otherwise, so -0.0 gives
/// the smallest positive subnormal), NaN for infinities; float loops (int16 in float32).
Value spacing(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true}});
    NodePtr x = requireArray(b[0], args, "x");
    if (isComplex(x->type.dtype))
        throw UserError(args.loc, "ufunc 'spacing' not supported for the input types, and the "
                                  "inputs could not be safely coerced to any supported types "
                                  "according to the casting rule ''safe''");
    SourceLoc loc = args.loc;
    DType t = floatLoop(x->type.dtype, "spacing", loc);
    NodePtr v = array::makeCast(x, t, false, loc);
    double inf = std::numeric_limits<double>::infinity();
    auto filledLike = [&](double value) {
        return array::makeBroadcast(array::makeFloatConstant(value, t, false, loc), v->type.shape,
                                    loc);
    };
    NodePtr negative =
        lowering.binary(BinaryOp::Less, v, array::makeFloatConstant(0, t, false, loc), loc);
    NodePtr toward = array::makeWhere(negative, filledLike(-inf), filledLike(inf), loc);
    NodePtr step = lowering.binary(BinaryOp::Subtract,
                                   lowering.binary(BinaryOp::Nextafter, v, toward, loc), v, loc);
    NodePtr out = array::makeWhere(lowering.unary(UnaryOp::IsInf, v, loc),
                                   filledLike(std::numeric_limits<double>::quiet_NaN()), step, loc);
    return Value::array(array::withName(out, "spacing"), loc);
}

} // namespace

const std::map<std::string, Handler> &mathFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.nan_to_num", nanToNum},
        {"numpy.select", select},
        {"numpy.polyval", polyval},
        {"numpy.isin", isin},
        {"numpy.logspace", logspace},
        {"numpy.float_power", floatPower},
        {"numpy.divmod", divmod},
        {"numpy.modf", modf},
        {"numpy.fabs", fabs},
        {"numpy.positive", positive},
        {"numpy.reciprocal", reciprocal},
        {"numpy.fix", fix},
        {"numpy.sinc", sinc},
        {"numpy.isposinf", isSignedInf(true)},
        {"numpy.isneginf", isSignedInf(false)},
        {"numpy.isreal", isRealOrComplex(true)},
        {"numpy.iscomplex", isRealOrComplex(false)},
        {"numpy.spacing", spacing},
        {"numpy.geomspace", geomspace},
    };
    return table;
}

} // namespace npc::lowering
