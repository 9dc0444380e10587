// The functions NumPy 2 added for the array API standard (numpy/_core/numeric.py,
// numpy/_core/fromnumeric.py, numpy/linalg/_linalg.py) that are not second names of older
// ones: np.vecdot, np.matrix_transpose, np.unstack, np.astype, np.cumulative_sum and
// np.cumulative_prod, and np.linalg's outer, trace, diagonal, cross, matmul, tensordot,
// vecdot and matrix_transpose. Most check what NumPy checks and call the older function;
// their parameters are positional-only then keyword-only, as NumPy's. (The norms
// np.linalg.vector_norm and matrix_norm are in LowerReductions.cpp; the second names,
// np.acos for np.arccos and the like, in LowerNumPy.cpp.)
#include "frontend/LowerContext.h"

#include <fmt/format.h>

namespace npc::lowering {

std::vector<std::optional<Value>> bindArrayApi(const CallArgs &args, size_t positionalOnly,
                                               const std::vector<ParamSpec> &spec) {
    if (args.positional.size() > positionalOnly)
        throw UserError(args.loc,
                        fmt::format("{}() takes {} positional argument{} but {} were "
                                    "given",
                                    args.function, positionalOnly, positionalOnly == 1 ? "" : "s",
                                    args.positional.size()));
    for (size_t k = 0; k < args.keywords.size(); ++k)
        for (size_t i = 0; i < positionalOnly; ++i)
            if (args.keywords[k].first == spec[i].name)
                throw UserError(args.keywordLocs[k],
                                fmt::format("{}() got some positional-only arguments passed as "
                                            "keyword arguments: '{}'",
                                            args.function, spec[i].name));
    return bind(args, spec);
}

namespace {

using array::BinaryOp;
using array::NodePtr;
using array::ViewEntry;

/// An int literal axis normalized for `rank`, with NumPy's AxisError.
int literalAxis(const Value &axis, int rank, const CallArgs &args) {
    std::optional<int64_t> k = constantInt(axis);
    if (!k)
        throw UserError(axis.loc,
                        fmt::format("{}(): npc needs the axis as an int literal", args.function));
    if (*k < -rank || *k >= rank)
        throw UserError(
            axis.loc, fmt::format("axis {} is out of bounds for array of dimension {}", *k, rank));
    return static_cast<int>(*k < 0 ? *k + rank : *k);
}

/// `x` with axis `axis` moved last.
NodePtr axisLast(const NodePtr &x, int axis, SourceLoc loc) {
    std::vector<int> order;
    for (int i = 0; i < x->type.rank(); ++i)
        if (i != axis)
            order.push_back(i);
    order.push_back(axis);
    return array::makeTranspose(x, std::move(order), loc);
}

Value array(NodePtr n, const char *name, SourceLoc loc) {
    return Value::array(array::withName(std::move(n), name), loc);
}

/// numpy.vecdot(x1, x2, /, *, axis=-1) (a gufunc, signature (n),(n)->()) and
/// numpy.linalg.vecdot: the sum of np.conj(x1) * x2 along `axis` of each operand, the
/// other axes broadcast; in the operands' common dtype (NEP 50), as the gufunc's loops
/// accumulate (int8 stays int8, bools give their `or` of `and`s). The two vector lengths
/// must be equal, not just broadcastable: NumPy's ValueError (on entry where the run time
/// knows them).
Value vecdot(ExprLowering &lowering, const CallArgs &args) {
    auto b = bindArrayApi(args, 2, {{"x1", true}, {"x2", true}, {"axis", false}});
    const char *signature = "gufunc signature (n),(n)->()";
    std::vector<NodePtr> xs;
    for (size_t i : {0, 1}) {
        NodePtr x = asArray(lowering, *b[i], args, i == 0 ? "x1" : "x2");
        if (x->type.rank() == 0)
            throw UserError(b[i]->loc, fmt::format("vecdot: Input operand {} does not have enough "
                                                   "dimensions (has 0, {} requires 1)",
                                                   i, "gufunc core with signature (n),(n)->()"));
        int axis = b[2] ? literalAxis(*b[2], x->type.rank(), args) : x->type.rank() - 1;
        xs.push_back(axisLast(x, axis, args.loc));
    }
    Dim na = xs[0]->type.shape.back(), nb = xs[1]->type.shape.back();
    auto message = [&](std::vector<Dim> *shown) {
        std::string sizeB = array::showExtent(nb, shown);
        return fmt::format("vecdot: Input operand 1 has a mismatch in its core dimension 0, with "
                           "{} (size {} is different from {})",
                           signature, sizeB, array::showExtent(na, shown));
    };
    auto ca = dimConstValue(na), cb = dimConstValue(nb);
    if (ca && cb && *ca != *cb)
        throw UserError(args.loc, message(nullptr));
    if (!dimEqual(na, nb)) { // x2 takes x1's length, checked equal on entry
        Shape shape = xs[1]->type.shape;
        shape.back() = na;
        xs[1] = array::withChecks(array::makeBroadcast(xs[1], shape, args.loc),
                                  {shownCheck(nb, na, false, message)});
    }
    if (isComplex(xs[0]->type.dtype))
        xs[0] = lowering.unary(array::UnaryOp::Conj, xs[0], args.loc);
    NodePtr products = lowering.binary(BinaryOp::Multiply, xs[0], xs[1], args.loc);
    int last = products->type.rank() - 1;
    return array(array::makeReduce(array::ReduceOp::Sum, products, {last}, false, args.loc),
                 "vecdot", args.loc);
}

/// numpy.matrix_transpose(x, /) and numpy.linalg.matrix_transpose: x with its last two
/// axes swapped; NumPy's ValueError below two dimensions.
Value matrixTranspose(ExprLowering &lowering, const CallArgs &args) {
    auto b = bindArrayApi(args, 1, {{"x", true}});
    NodePtr x = asArray(lowering, *b[0], args, "x");
    if (x->type.rank() < 2)
        throw UserError(args.loc, fmt::format("Input array must be at least 2-dimensional, but "
                                              "it is {}",
                                              x->type.rank()));
    int r = x->type.rank();
    std::vector<int> order(static_cast<size_t>(r));
    for (int i = 0; i < r; ++i)
        order[static_cast<size_t>(i)] = i;
    std::swap(order[static_cast<size_t>(r - 1)], order[static_cast<size_t>(r - 2)]);
    return Value::array(array::makeTranspose(x, std::move(order), args.loc), args.loc);
}

/// numpy.unstack(x, /, *, axis=0): a tuple of x's subarrays along `axis` (views, as NumPy's
/// `tuple(np.moveaxis(x, axis, 0))`). The extent of that axis must be known here.
Value unstack(ExprLowering &lowering, const CallArgs &args) {
    auto b = bindArrayApi(args, 1, {{"x", true}, {"axis", false}});
    NodePtr x = asArray(lowering, *b[0], args, "x");
    if (x->type.rank() == 0)
        throw UserError(args.loc, "Input array must be at least 1-d.");
    int axis = b[1] ? literalAxis(*b[1], x->type.rank(), args) : 0;
    std::optional<int64_t> n = dimConstValue(x->type.shape[static_cast<size_t>(axis)]);
    if (!n)
        throw UserError(args.loc, "np.unstack(): npc needs the extent of the axis known at "
                                  "compile time (a tuple's length is fixed): give the argument a "
                                  "fixed extent in its signature (float64[3, :])");
    std::vector<NodePtr> parts;
    for (int64_t k = 0; k < *n; ++k) {
        std::vector<ViewEntry> entries(static_cast<size_t>(x->type.rank()), ViewEntry::all());
        entries[static_cast<size_t>(axis)] = ViewEntry::at(k);
        parts.push_back(array::makeView(x, std::move(entries), args.loc));
    }
    return arrayTuple(std::move(parts), args.loc);
}

/// numpy.astype(x, dtype, /, *, copy=True, device=None): x.astype(dtype, copy=copy) of an
/// array; NumPy's errors for a list and for a device other than "cpu".
Value astype(ExprLowering &lowering, const CallArgs &args) {
    auto b =
        bindArrayApi(args, 2, {{"x", true}, {"dtype", true}, {"copy", false}, {"device", false}});
    if (b[0]->kind == Value::Tuple)
        throw UserError(b[0]->loc, fmt::format("Input should be a NumPy array or scalar. It is a "
                                               "<class '{}'> instead.",
                                               b[0]->text == "list" ? "list" : "tuple"));
    NodePtr x = requireArray(b[0], args, "x");
    if (x->type.weak)
        throw UserError(b[0]->loc, fmt::format("'{}' object has no attribute 'astype'",
                                               isBool(x->type.dtype)      ? "bool"
                                               : isInteger(x->type.dtype) ? "int"
                                               : isFloat(x->type.dtype)   ? "float"
                                                                          : "complex"));
    if (b[3] && b[3]->kind != Value::None && !(b[3]->kind == Value::String && b[3]->text == "cpu"))
        throw UserError(b[3]->loc, fmt::format("Device not understood. Only \"cpu\" is allowed, "
                                               "but received: {}",
                                               b[3]->kind == Value::String ? b[3]->text : "?"));
    CallArgs method{"ndarray.astype", args.loc, {*b[0], *b[1]}, {}, {}};
    if (b[2]) {
        method.keywords.emplace_back("copy", *b[2]);
        method.keywordLocs.push_back(b[2]->loc);
    }
    return callNumPy(lowering, "ndarray.astype", std::move(method));
}

/// numpy.cumulative_sum / numpy.cumulative_prod(x, /, *, axis=None, dtype=None, out=None,
/// include_initial=False): np.add / np.multiply.accumulate of np.atleast_1d(x) along
/// `axis` (required above one dimension: NumPy's ValueError), with the identity (0 / 1)
/// first along that axis for include_initial=True.
Handler cumulative(bool product) {
    return [product](ExprLowering &lowering, const CallArgs &args) {
        auto b = bindArrayApi(args, 1,
                              {{"x", true},
                               {"axis", false},
                               {"dtype", false},
                               {"out", false},
                               {"include_initial", false}});
        rejectArgument(b[3], "out", args);
        NodePtr x = asArray(lowering, *b[0], args, "x");
        if (x->type.rank() == 0)
            x = array::makeView(x, {ViewEntry::newAxis()}, args.loc);
        bool axisGiven = b[1] && b[1]->kind != Value::None;
        if (!axisGiven && x->type.rank() >= 2)
            throw UserError(args.loc, "For arrays which have more than one dimension ``axis`` "
                                      "argument is required.");
        int axis = axisGiven ? literalAxis(*b[1], x->type.rank(), args) : 0;
        CallArgs scan{
            product ? "np.multiply.accumulate" : "np.add.accumulate",
            args.loc,
            {Value::array(x, args.loc)},
            {{"axis",
              Value::array(array::makeIntConstant(axis, DType::Int64, true, args.loc), args.loc)}},
            {args.loc}};
        if (b[2]) {
            scan.keywords.emplace_back("dtype", *b[2]);
            scan.keywordLocs.push_back(b[2]->loc);
        }
        NodePtr scanned =
            callNumPy(lowering, product ? "numpy.multiply.accumulate" : "numpy.add.accumulate",
                      std::move(scan))
                .node;
        if (!boolFlag(b[4], false, args, "include_initial"))
            return Value::array(scanned, args.loc);
        Shape initial = scanned->type.shape;
        initial[static_cast<size_t>(axis)] = dimConst(1);
        NodePtr identity = array::makeBroadcast(
            array::makeCast(array::makeIntConstant(product ? 1 : 0, DType::Int64, true, args.loc),
                            scanned->type.dtype, args.loc),
            initial, args.loc);
        return array(array::makeConcat({identity, scanned}, axis, {}, args.loc),
                     product ? "cumulative_prod" : "cumulative_sum", args.loc);
    };
}

/// A np.linalg function NumPy writes as a call of an older one, `f(x1, ..., /, *, k=...)`:
/// `forward` names that one, the keywords pass on by the same names, and `fixed` adds
/// keywords of its own (np.linalg.trace is np.trace(x, offset, axis1=-2, axis2=-1)).
Handler linalgWrapper(std::string forward, size_t positionalOnly, std::vector<ParamSpec> spec,
                      std::vector<std::pair<const char *, int64_t>> fixed = {}) {
    return [=](ExprLowering &lowering, const CallArgs &args) {
        auto b = bindArrayApi(args, positionalOnly, spec);
        CallArgs call{args.function, args.loc, {}, {}, {}};
        for (size_t i = 0; i < positionalOnly; ++i)
            call.positional.push_back(*b[i]);
        for (size_t i = positionalOnly; i < spec.size(); ++i)
            if (b[i]) {
                call.keywords.emplace_back(spec[i].name, *b[i]);
                call.keywordLocs.push_back(b[i]->loc);
            }
        for (const auto &[name, value] : fixed) {
            call.keywords.emplace_back(
                name, Value::array(array::makeIntConstant(value, DType::Int64, true, args.loc),
                                   args.loc));
            call.keywordLocs.push_back(args.loc);
        }
        return callNumPy(lowering, forward, std::move(call));
    };
}

/// numpy.linalg.outer(x1, x2, /): np.outer of two 1-D arrays; NumPy's ValueError for others.
Value linalgOuter(ExprLowering &lowering, const CallArgs &args) {
    auto b = bindArrayApi(args, 2, {{"x1", true}, {"x2", true}});
    NodePtr x1 = asArray(lowering, *b[0], args, "x1");
    NodePtr x2 = asArray(lowering, *b[1], args, "x2");
    if (x1->type.rank() != 1 || x2->type.rank() != 1)
        throw UserError(args.loc, fmt::format("Input arrays must be one-dimensional, but they are "
                                              "x1.ndim={} and x2.ndim={}.",
                                              x1->type.rank(), x2->type.rank()));
    return callNumPy(lowering, "numpy.outer",
                     CallArgs{"np.outer",
                              args.loc,
                              {Value::array(x1, args.loc), Value::array(x2, args.loc)},
                              {},
                              {}});
}

/// numpy.linalg.cross(x1, x2, /, *, axis=-1): np.cross of 3-vectors along `axis`; NumPy's
/// ValueError for other lengths (which must be known here) and IndexError for an axis
/// beyond either array.
Value linalgCross(ExprLowering &lowering, const CallArgs &args) {
    auto b = bindArrayApi(args, 2, {{"x1", true}, {"x2", true}, {"axis", false}});
    std::optional<int64_t> axis = -1;
    if (b[2] && !(axis = constantInt(*b[2])))
        throw UserError(b[2]->loc, "np.linalg.cross(): npc needs the axis as an int literal");
    std::vector<Value> xs;
    std::vector<std::string> lengths;
    for (size_t i : {0, 1}) {
        NodePtr x = asArray(lowering, *b[i], args, i == 0 ? "x1" : "x2");
        int r = x->type.rank();
        if (*axis < -r || *axis >= r)
            throw UserError(b[2] ? b[2]->loc : args.loc, "tuple index out of range");
        const Dim &n = x->type.shape[static_cast<size_t>(*axis < 0 ? *axis + r : *axis)];
        if (!dimConstValue(n))
            throw UserError(b[i]->loc, "np.linalg.cross(): npc needs the vectors' length (3) "
                                       "known at compile time: give the argument a fixed extent "
                                       "in its signature (float64[3], float64[:,3])");
        lengths.push_back(std::to_string(*dimConstValue(n)));
        xs.push_back(Value::array(x, b[i]->loc));
    }
    if (lengths[0] != "3" || lengths[1] != "3")
        throw UserError(args.loc, fmt::format("Both input arrays must be (arrays of) 3-dimensional "
                                              "vectors, but they are {} and {} dimensional "
                                              "instead.",
                                              lengths[0], lengths[1]));
    CallArgs call{"np.cross", args.loc, xs, {}, {}};
    if (b[2]) {
        call.keywords.emplace_back("axis", *b[2]);
        call.keywordLocs.push_back(b[2]->loc);
    }
    return callNumPy(lowering, "numpy.cross", std::move(call));
}

} // namespace

const std::map<std::string, Handler> &arrayApiFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.vecdot", vecdot},
        {"numpy.linalg.vecdot", vecdot},
        {"numpy.matrix_transpose", matrixTranspose},
        {"numpy.linalg.matrix_transpose", matrixTranspose},
        {"numpy.unstack", unstack},
        {"numpy.astype", astype},
        {"numpy.cumulative_sum", cumulative(false)},
        {"numpy.cumulative_prod", cumulative(true)},
        {"numpy.linalg.outer", linalgOuter},
        {"numpy.linalg.cross", linalgCross},
        {"numpy.linalg.matmul", linalgWrapper("numpy.matmul", 2, {{"x1", true}, {"x2", true}})},
        {"numpy.linalg.tensordot",
         linalgWrapper("numpy.tensordot", 2, {{"x1", true}, {"x2", true}, {"axes", false}})},
        {"numpy.linalg.trace",
         linalgWrapper("numpy.trace", 1, {{"x", true}, {"offset", false}, {"dtype", false}},
                       {{"axis1", -2}, {"axis2", -1}})},
        {"numpy.linalg.diagonal",
         linalgWrapper("numpy.diagonal", 1, {{"x", true}, {"offset", false}},
                       {{"axis1", -2}, {"axis2", -1}})},
    };
    return table;
}

} // namespace npc::lowering
