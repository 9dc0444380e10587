// The NumPy reductions (sum prod min max argmin argmax any all mean var std), scans
// (cumsum cumprod), np.linalg.norm and the products dot/matmul/`@`, and their ndarray
// methods, lowered to array IR with NumPy 2.x's result dtypes (sum of int8 is int64, mean
// of ints is float64, var of float32 is float32, argmin is int64, dot of int8 is int8).
// var/std, norm and dot are composed from elementwise nodes and Reduce, so fusion turns
// them into loop nests.
#include "frontend/LowerContext.h"

#include <fmt/format.h>
#include <limits>
#include <map>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::ReduceOp;
using array::UnaryOp;

/// A reduction over `axes`; reducing no axes (a 0-d input) is the identity, except that
/// a float sum adds NumPy's starting 0.0 (np.sum(-0.0) is 0.0).
NodePtr reduce(ReduceOp op, NodePtr x, const std::vector<int> &axes, bool keepdims, SourceLoc loc) {
    if (!axes.empty())
        return array::makeReduce(op, std::move(x), axes, keepdims, loc);
    if (op == ReduceOp::ArgMin || op == ReduceOp::ArgMax)
        return array::makeIntConstant(0, DType::Int64, false, loc);
    DType t = x->type.dtype;
    if (op != ReduceOp::Sum || !isInexact(t))
        return x;
    NodePtr zero = isComplex(t) ? array::makeComplexConstant(0.0, 0.0, t, false, loc)
                                : array::makeFloatConstant(0.0, t, false, loc);
    return array::makeBinary(BinaryOp::Add, x,
                             x->type.rank() ? array::makeBroadcast(zero, x->type.shape, loc) : zero,
                             loc);
}

/// The accumulator dtype NumPy's add.reduce (and multiply.reduce, cumsum, cumprod) uses
/// without a dtype argument: small ints widen to the platform int (int64 / uint64), bool
/// sums as int64.
DType sumDType(DType t) {
    if (isBool(t) || (isSignedInteger(t) && itemSize(t) < 8))
        return DType::Int64;
    if (isUnsignedInteger(t) && itemSize(t) < 8)
        return DType::UInt64;
    return t;
}

/// The number of elements reduced over `axes`: a weak int constant, else an int64 value.
NodePtr elementCount(const NodePtr &x, const std::vector<int> &axes, SourceLoc loc) {
    std::vector<Dim> extents;
    for (int a : axes)
        extents.push_back(x->type.shape[static_cast<size_t>(a)]);
    Dim n = dimProduct(extents);
    if (auto c = dimConstValue(n))
        return array::makeIntConstant(*c, DType::Int64, true, loc);
    return array::makeDimValue(n, loc);
}

/// The array `a` of a reduction: an array, or a tuple or list of numbers (`np.prod(x.shape)`,
/// `np.max((a, b))`) made an array as numpy.asarray makes it.
NodePtr arrayLike(ExprLowering &lowering, const std::optional<Value> &a, const CallArgs &args) {
    if (a && a->kind == Value::Tuple)
        return callNumPy(lowering, "numpy.asarray", CallArgs{"np.asarray", a->loc, {*a}, {}, {}})
            .node;
    return requireArray(a, args, "a");
}

/// `total / count` as NumPy's mean and var divide (true_divide into the sum's dtype with
/// unsafe casting): in `total`'s float dtype, or in float64 cast back for an integer one.
NodePtr divideByCount(ExprLowering &lowering, const NodePtr &total, const NodePtr &count,
                      SourceLoc loc) {
    DType t = total->type.dtype;
    if (isInexact(t))
        return lowering.binary(BinaryOp::TrueDivide, total, lowering.castTo(count, t, loc), loc);
    return array::makeCast(lowering.binary(BinaryOp::TrueDivide, total, count, loc), t, loc);
}

/// numpy.sum, numpy.prod, numpy.min/amin, numpy.max/amax, numpy.argmin, numpy.argmax and
/// their methods: `axis` (int, tuple, None), `keepdims`, and `dtype` for sum and prod.
Handler reduction(ReduceOp op) {
    return [op](ExprLowering &lowering, const CallArgs &args) {
        bool arg = op == ReduceOp::ArgMin || op == ReduceOp::ArgMax;
        bool sum = op == ReduceOp::Sum || op == ReduceOp::Prod;
        // numpy.sum(a, axis, dtype, out, keepdims); numpy.min(a, axis, out, keepdims);
        // numpy.argmin(a, axis, out, *, keepdims).
        std::vector<ParamSpec> spec = {
            {"a", true}, {"axis", false}, {"out", false}, {"keepdims", false}};
        if (sum)
            spec.insert(spec.begin() + 2, {"dtype", false});
        auto b = lowering::bind(args, spec); // not std::bind, found by ADL
        std::optional<Value> dtypeArg = sum ? b[2] : std::nullopt;
        if (sum)
            b.erase(b.begin() + 2);
        rejectArgument(b[2], "out", args);
        NodePtr x = arrayLike(lowering, b[0], args);
        if (!sum && isComplex(x->type.dtype))
            throw UserError(args.loc, fmt::format("{}() of {} is not supported by npc (NumPy 2 "
                                                  "orders complex numbers lexicographically)",
                                                  args.function, dtypeName(x->type.dtype)));
        if (arg && b[1] && b[1]->kind == Value::Tuple)
            throw UserError(b[1]->loc, "argmin/argmax take a single axis");
        std::vector<int> axes = normalizeAxes(b[1], x->type.rank(), args);
        bool keepdims = keepdimsFlag(b[3], args);
        if (sum)
            x = array::makeCast(x, dtypeArgument(dtypeArg, args).value_or(sumDType(x->type.dtype)),
                                args.loc);
        return Value::array(reduce(op, x, axes, keepdims, args.loc), args.loc);
    };
}

/// numpy.any / numpy.all (and the methods): the truth values (NaN is true) reduced by
/// `or` / `and`; an empty axis gives False / True.
Handler logicalReduction(ReduceOp op) {
    return [op](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"a", true}, {"axis", false}, {"out", false}, {"keepdims", false}});
        rejectArgument(b[2], "out", args);
        NodePtr x = arrayLike(lowering, b[0], args);
        std::vector<int> axes = normalizeAxes(b[1], x->type.rank(), args);
        x = array::makeCast(x, DType::Bool, args.loc);
        return Value::array(reduce(op, x, axes, keepdimsFlag(b[3], args), args.loc), args.loc);
    };
}

/// The dtype NumPy's mean/var/std accumulate in: `dtype` if given, else the operand's
/// float dtype, else float64.
DType meanDType(const NodePtr &x, const std::optional<Value> &dtypeArg, const CallArgs &args) {
    if (auto t = dtypeArgument(dtypeArg, args))
        return *t;
    return isInexact(x->type.dtype) ? x->type.dtype : DType::Float64;
}

/// numpy.mean (and ndarray.mean): the sum in the accumulator dtype over the count.
Value mean(ExprLowering &lowering, const CallArgs &args) {
    auto b =
        bind(args,
             {{"a", true}, {"axis", false}, {"dtype", false}, {"out", false}, {"keepdims", false}});
    rejectArgument(b[3], "out", args);
    NodePtr x = arrayLike(lowering, b[0], args);
    std::vector<int> axes = normalizeAxes(b[1], x->type.rank(), args);
    DType acc = meanDType(x, b[2], args);
    NodePtr total = reduce(ReduceOp::Sum, array::makeCast(x, acc, args.loc), axes,
                           keepdimsFlag(b[4], args), args.loc);
    NodePtr count = elementCount(x, axes, args.loc);
    return Value::array(array::withName(divideByCount(lowering, total, count, args.loc), "mean"),
                        args.loc);
}

/// numpy.var / numpy.std (and the methods), as NumPy's _var computes them: the mean with
/// keepdims, the squared deviations, their sum over max(n - ddof, 0); std is its sqrt.
Handler variance(bool stddev) {
    return [stddev](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"a", true},
                             {"axis", false},
                             {"dtype", false},
                             {"out", false},
                             {"ddof", false},
                             {"keepdims", false}});
        rejectArgument(b[3], "out", args);
        NodePtr x = arrayLike(lowering, b[0], args);
        std::vector<int> axes = normalizeAxes(b[1], x->type.rank(), args);
        DType acc = meanDType(x, b[2], args);
        if (!isInexact(acc))
            throw UserError(b[2] ? b[2]->loc : args.loc,
                            fmt::format("{}(): npc supports only float dtypes here", args.function));
        // NumPy sums the squared deviations in a complex dtype= too, so its result is
        // complex (with a zero imaginary part); npc's is real.
        if (b[2] && isComplex(acc))
            throw UserError(b[2]->loc,
                            fmt::format("{}(): a complex dtype is not supported by npc (NumPy's "
                                        "result would be {}); leave dtype out for the real "
                                        "result of complex input",
                                        args.function, dtypeName(acc)));
        // Of complex numbers, NumPy sums the squared magnitudes: (dev * conj(dev)).real.
        DType squareAcc = acc == DType::Complex64    ? DType::Float32
                          : acc == DType::Complex128 ? DType::Float64
                                                     : acc;
        int64_t ddof = 0;
        if (b[4]) {
            auto d = constantInt(*b[4]);
            if (!d)
                throw UserError(
                    b[4]->loc, fmt::format("{}(): ddof must be an integer literal", args.function));
            ddof = *d;
        }
        SourceLoc loc = args.loc;
        NodePtr count = elementCount(x, axes, loc);
        NodePtr sumKept = reduce(ReduceOp::Sum, array::makeCast(x, acc, loc), axes, true, loc);
        NodePtr mean = array::withName(divideByCount(lowering, sumKept, count, loc), "mean");
        NodePtr dev = lowering.binary(BinaryOp::Subtract, x, mean, loc);
        NodePtr squares = isComplex(dev->type.dtype)
                              ? lowering.unary(UnaryOp::Real,
                                               lowering.binary(BinaryOp::Multiply, dev,
                                                               lowering.unary(UnaryOp::Conj, dev, loc),
                                                               loc),
                                               loc)
                              : lowering.binary(BinaryOp::Multiply, dev, dev, loc);
        NodePtr total = reduce(ReduceOp::Sum, array::makeCast(squares, squareAcc, loc), axes,
                               keepdimsFlag(b[5], args), loc);
        NodePtr dof;
        if (ddof == 0) {
            dof = count;
        } else if (count->kind == array::NodeKind::Constant) {
            dof = array::makeIntConstant(std::max<int64_t>(count->intValue - ddof, 0), DType::Int64,
                                         true, loc);
        } else {
            NodePtr ddofValue = array::makeIntConstant(ddof, DType::Int64, false, loc);
            NodePtr zero = array::makeIntConstant(0, DType::Int64, false, loc);
            dof = lowering.binary(BinaryOp::Maximum,
                                  lowering.binary(BinaryOp::Subtract, count, ddofValue, loc), zero,
                                  loc);
        }
        NodePtr var = array::withName(divideByCount(lowering, total, dof, loc), "var");
        if (!stddev)
            return Value::array(var, loc);
        return Value::array(array::withName(lowering.unary(UnaryOp::Sqrt, var, loc), "std"), loc);
    };
}

/// numpy.cumsum / numpy.cumprod (and the methods): along `axis`, or over the flattened
/// array in C order when it is None; accumulated in `dtype` or sum's default dtype.
Handler scan(ReduceOp op) {
    return [op](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"a", true}, {"axis", false}, {"dtype", false}, {"out", false}});
        rejectArgument(b[3], "out", args);
        NodePtr x = arrayLike(lowering, b[0], args);
        if (b[1] && b[1]->kind == Value::Tuple)
            throw UserError(b[1]->loc,
                            fmt::format("{}(): axis must be an integer or None", args.function));
        x = array::makeCast(x, dtypeArgument(b[2], args).value_or(sumDType(x->type.dtype)),
                            args.loc);
        bool flatten = !b[1] || b[1]->kind == Value::None;
        // NumPy scans a 0-d array as a 1-D one: axis 0 and -1 are valid, and the result is
        // a 1-element 1-D array.
        std::vector<int> axes = normalizeAxes(b[1], std::max(x->type.rank(), 1), args);
        if (x->type.rank() == 0)
            return Value::array(array::makeBroadcast(x, {dimConst(1)}, args.loc), args.loc);
        std::optional<int> axis;
        if (!flatten || x->type.rank() == 1)
            axis = axes.at(0);
        return Value::array(array::makeScan(op, x, axis, args.loc), args.loc);
    };
}

/// An `ord` argument of np.linalg.norm: absent/None, a number, or a string.
struct NormOrder {
    enum Kind { Default, Number, Fro, Nuc } kind = Default;
    double p = 2;
};

NormOrder normOrder(const std::optional<Value> &v, const CallArgs &args) {
    NormOrder o;
    if (!v || v->kind == Value::None)
        return o;
    if (v->kind == Value::String && (v->text == "fro" || v->text == "nuc")) {
        o.kind = v->text == "fro" ? NormOrder::Fro : NormOrder::Nuc;
        return o;
    }
    const NodePtr &n = v->node;
    if (v->kind != Value::Array || n->kind != array::NodeKind::Constant || isBool(n->type.dtype))
        throw UserError(v->loc, fmt::format("{}(): ord must be a number literal, np.inf, "
                                            "-np.inf, 'fro' or 'nuc'",
                                            args.function));
    o.kind = NormOrder::Number;
    o.p = isFloat(n->type.dtype) ? n->floatValue : static_cast<double>(n->intValue);
    return o;
}

/// A vector norm over `axes` (numpy.linalg.norm's branches for ord None/2, inf, -inf, 0,
/// 1 and any other p).
NodePtr vectorNorm(ExprLowering &lowering, const NodePtr &x, const NormOrder &o,
                   const std::vector<int> &axes, bool keepdims, SourceLoc loc) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    DType t = x->type.dtype;
    if (o.kind == NormOrder::Default || o.p == 2) {
        NodePtr squares = lowering.binary(BinaryOp::Multiply, x, x, loc);
        return lowering.unary(UnaryOp::Sqrt, reduce(ReduceOp::Sum, squares, axes, keepdims, loc),
                              loc);
    }
    if (o.p == 0) {
        NodePtr zero = array::makeFloatConstant(0, t, true, loc);
        NodePtr nonzero =
            array::makeCast(lowering.binary(BinaryOp::NotEqual, x, zero, loc), t, loc);
        return reduce(ReduceOp::Sum, nonzero, axes, keepdims, loc);
    }
    NodePtr absx = lowering.unary(UnaryOp::Absolute, x, loc);
    if (o.p == inf || o.p == -inf)
        return reduce(o.p > 0 ? ReduceOp::Max : ReduceOp::Min, absx, axes, keepdims, loc);
    if (o.p == 1)
        return reduce(ReduceOp::Sum, absx, axes, keepdims, loc);
    NodePtr powered =
        lowering.binary(BinaryOp::Power, absx, array::makeFloatConstant(o.p, t, false, loc), loc);
    NodePtr total = reduce(ReduceOp::Sum, powered, axes, keepdims, loc);
    return lowering.binary(BinaryOp::Power, total, array::makeFloatConstant(1 / o.p, t, false, loc),
                           loc);
}

/// A matrix norm over axes (row, col): Frobenius, and ord 1/-1 (max/min column sum of
/// abs) and inf/-inf (max/min row sum), as numpy.linalg.norm computes them.
NodePtr matrixNorm(ExprLowering &lowering, const NodePtr &x, const NormOrder &o, int row, int col,
                   bool keepdims, const std::optional<Value> &ordArg, const CallArgs &args) {
    SourceLoc loc = args.loc;
    constexpr double inf = std::numeric_limits<double>::infinity();
    if (o.kind == NormOrder::Default || o.kind == NormOrder::Fro) {
        NodePtr squares = lowering.binary(BinaryOp::Multiply, x, x, loc);
        return lowering.unary(UnaryOp::Sqrt,
                              reduce(ReduceOp::Sum, squares, {row, col}, keepdims, loc), loc);
    }
    if (o.kind == NormOrder::Nuc || o.p == 2 || o.p == -2)
        throw UserError(ordArg->loc, fmt::format("{}(): matrix norms that need singular values "
                                                 "(ord=2, -2, 'nuc') are not supported by npc",
                                                 args.function));
    if (o.p != 1 && o.p != -1 && o.p != inf && o.p != -inf)
        throw UserError(ordArg->loc, "Invalid norm order for matrices.");
    // ord=1: sum over rows, then the max over columns; ord=inf: the other way round.
    bool columns = o.p == 1 || o.p == -1;
    int sumAxis = columns ? row : col;
    int extremeAxis = columns ? col : row;
    if (!keepdims && extremeAxis > sumAxis)
        --extremeAxis;
    NodePtr absx = lowering.unary(UnaryOp::Absolute, x, loc);
    NodePtr sums = reduce(ReduceOp::Sum, absx, {sumAxis}, keepdims, loc);
    return reduce(o.p > 0 ? ReduceOp::Max : ReduceOp::Min, sums, {extremeAxis}, keepdims, loc);
}

/// x of np.linalg.norm and its array API forms: a float array (integers and bools as
/// float64), complex values as their magnitudes (every norm depends on those only).
NodePtr normOperand(ExprLowering &lowering, const NodePtr &x, SourceLoc loc) {
    if (!isInexact(x->type.dtype))
        return array::makeCast(x, DType::Float64, loc);
    return isComplex(x->type.dtype) ? lowering.unary(UnaryOp::Absolute, x, loc) : x;
}

/// numpy.linalg.norm(x, ord, axis, keepdims): vector norms over one axis (or a 1-D array),
/// matrix norms over two (or a 2-D array with an ord), the 2-norm of all elements for
/// ord=None and axis=None.
Value norm(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true}, {"ord", false}, {"axis", false}, {"keepdims", false}});
    NodePtr x = normOperand(lowering, requireArray(b[0], args, "x"), args.loc);
    NormOrder o = normOrder(b[1], args);
    bool keepdims = keepdimsFlag(b[3], args);
    bool axisGiven = b[2] && b[2]->kind != Value::None;
    std::vector<int> axes = normalizeAxes(b[2], x->type.rank(), args);
    NodePtr result;
    if (!axisGiven && o.kind == NormOrder::Default) {
        result = vectorNorm(lowering, x, o, axes, keepdims, args.loc);
    } else if (axes.size() == 1) {
        if (o.kind == NormOrder::Fro || o.kind == NormOrder::Nuc)
            throw UserError(b[1]->loc, fmt::format("Invalid norm order '{}' for vectors",
                                                   o.kind == NormOrder::Fro ? "fro" : "nuc"));
        result = vectorNorm(lowering, x, o, axes, keepdims, args.loc);
    } else if (axes.size() == 2) {
        std::vector<int> rowCol = axes;
        if (axisGiven && b[2]->kind == Value::Tuple) // the order written: (row, col)
            rowCol = normalizeAxes(b[2], x->type.rank(), args);
        result = matrixNorm(lowering, x, o, rowCol[0], rowCol[1], keepdims, b[1], args);
    } else {
        throw UserError(axisGiven ? b[2]->loc : args.loc, "Improper number of dimensions to norm.");
    }
    return Value::array(array::withName(result, "norm"), args.loc);
}

/// numpy.linalg.vector_norm(x, /, *, axis=None, keepdims=False, ord=2): np.linalg.norm's
/// vector norm of the elements over `axis` (None: all of them, whatever x's rank; a tuple:
/// those axes together, as NumPy reshapes them into one).
Value vectorNormFunction(ExprLowering &lowering, const CallArgs &args) {
    auto b =
        bindArrayApi(args, 1, {{"x", true}, {"axis", false}, {"keepdims", false}, {"ord", false}});
    NodePtr x = normOperand(lowering, asArray(lowering, *b[0], args, "x"), args.loc);
    NormOrder o = normOrder(b[3], args);
    if (o.kind == NormOrder::Fro || o.kind == NormOrder::Nuc)
        throw UserError(b[3]->loc, fmt::format("Invalid norm order '{}' for vectors",
                                               o.kind == NormOrder::Fro ? "fro" : "nuc"));
    std::vector<int> axes = normalizeAxes(b[1], x->type.rank(), args);
    NodePtr result = vectorNorm(lowering, x, o, axes, keepdimsFlag(b[2], args), args.loc);
    return Value::array(array::withName(result, "norm"), args.loc);
}

/// numpy.linalg.matrix_norm(x, /, *, keepdims=False, ord='fro'): np.linalg.norm's matrix
/// norm over x's last two axes (NumPy's AxisError below two dimensions).
Value matrixNormFunction(ExprLowering &lowering, const CallArgs &args) {
    auto b = bindArrayApi(args, 1, {{"x", true}, {"keepdims", false}, {"ord", false}});
    NodePtr x = normOperand(lowering, asArray(lowering, *b[0], args, "x"), args.loc);
    int r = x->type.rank();
    if (r < 2)
        throw UserError(args.loc,
                        fmt::format("axis -2 is out of bounds for array of dimension {}", r));
    NormOrder o = normOrder(b[2], args);
    NodePtr result = matrixNorm(lowering, x, o, r - 2, r - 1, keepdimsFlag(b[1], args), b[2], args);
    return Value::array(array::withName(result, "norm"), args.loc);
}

/// numpy.dot / numpy.matmul / `@` of 1-D and 2-D operands (np.dot also takes 0-d ones):
/// the operands are broadcast against each other along a new axis and multiplied, and the
/// shared axis is summed (vector.vector is a scalar). The shared extents must be equal:
/// at compile time when both are constants, else checked on entry (NumPy's ValueError).
NodePtr product(ExprLowering &lowering, NodePtr a, NodePtr b, bool dot, const CallArgs &args) {
    SourceLoc loc = args.loc;
    // Not ufuncs: a Python scalar becomes an array first (np.dot(2, int8_array) is int64).
    a = array::makeCast(a, a->type.dtype, loc);
    b = array::makeCast(b, b->type.dtype, loc);
    int ra = a->type.rank(), rb = b->type.rank();
    const char *name = dot ? "dot" : "matmul";
    if (dot && (ra == 0 || rb == 0))
        return lowering.binary(BinaryOp::Multiply, a, b, loc);
    if (ra == 0 || rb == 0)
        throw UserError(loc, fmt::format("matmul: Input operand {} does not have enough "
                                         "dimensions (has 0, gufunc core with signature "
                                         "(n?,k),(k,m?)->(n?,m?) requires 1)",
                                         ra == 0 ? 0 : 1));
    if (ra > 2 || rb > 2)
        throw UserError(loc, fmt::format("np.{}() of arrays with more than 2 dimensions is not "
                                         "supported by npc",
                                         name));
    size_t axisA = static_cast<size_t>(ra - 1), axisB = rb == 1 ? 0 : static_cast<size_t>(rb - 2);
    Dim ka = a->type.shape[axisA], kb = b->type.shape[axisB];
    auto message = [&](std::vector<Dim> *shown) {
        if (!dot) {
            std::string size = array::showExtent(kb, shown);
            return fmt::format("matmul: Input operand 1 has a mismatch in its core dimension 0, "
                               "with gufunc signature (n?,k),(k,m?)->(n?,m?) (size {} is "
                               "different from {})",
                               size, array::showExtent(ka, shown));
        }
        std::string shapeA = array::showShape(a->type.shape, shown);
        std::string shapeB = array::showShape(b->type.shape, shown);
        std::string extentA = array::showExtent(ka, shown);
        return fmt::format("shapes {} and {} not aligned: {} (dim {}) != {} (dim {})", shapeA,
                           shapeB, extentA, axisA, array::showExtent(kb, shown), axisB);
    };
    auto ca = dimConstValue(ka), cb = dimConstValue(kb);
    if (ca && cb && *ca != *cb)
        throw UserError(loc, message(nullptr));
    if (!dimEqual(ka, kb)) {
        // Give b the extent of a on the shared axis (or the other way round when only
        // b's is a constant), checked on entry.
        bool toA = ca || !cb;
        NodePtr &v = toA ? b : a;
        size_t axis = toA ? axisB : axisA;
        Shape shape = v->type.shape;
        shape[axis] = toA ? ka : kb;
        Dim actual = v->type.shape[axis];
        v = array::withChecks(array::makeBroadcast(v, shape, loc),
                              {shownCheck(actual, shape[axis], false, message)});
    }
    using array::ViewEntry;
    const ViewEntry all = ViewEntry::all(), newAxis = ViewEntry::newAxis();
    int sumAxis = 0;
    if (ra == 2 && rb == 1) { // (n,k) . (k) -> sum over k of (n,k) * (1,k)
        b = array::makeView(b, {newAxis, all}, loc);
        sumAxis = 1;
    } else if (ra == 1 && rb == 2) { // (k) . (k,m) -> sum over k of (k,1) * (k,m)
        a = array::makeView(a, {all, newAxis}, loc);
    } else if (ra == 2 && rb == 2) { // (n,k,1) * (1,k,m), summed over k
        a = array::makeView(a, {all, all, newAxis}, loc);
        b = array::makeView(b, {newAxis, all, all}, loc);
        sumAxis = 1;
    }
    NodePtr products = lowering.binary(BinaryOp::Multiply, a, b, loc);
    return array::withName(array::makeReduce(ReduceOp::Sum, products, {sumAxis}, false, loc), name);
}

/// numpy.dot(a, b) and ndarray.dot(b).
Value dot(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"b", true}, {"out", false}});
    rejectArgument(b[2], "out", args);
    return Value::array(
        product(lowering, requireArray(b[0], args, "a"), requireArray(b[1], args, "b"), true, args),
        args.loc);
}

/// numpy.matmul(x1, x2) and the `@` operator.
Value matmul(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x1", true}, {"x2", true}, {"out", false}});
    rejectArgument(b[2], "out", args);
    return Value::array(product(lowering, requireArray(b[0], args, "x1"),
                                requireArray(b[1], args, "x2"), false, args),
                        args.loc);
}

} // namespace

const std::map<std::string, Handler> &reductionFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.sum", reduction(ReduceOp::Sum)},
        {"numpy.prod", reduction(ReduceOp::Prod)},
        {"numpy.min", reduction(ReduceOp::Min)},
        {"numpy.amin", reduction(ReduceOp::Min)},
        {"numpy.max", reduction(ReduceOp::Max)},
        {"numpy.amax", reduction(ReduceOp::Max)},
        {"numpy.argmin", reduction(ReduceOp::ArgMin)},
        {"numpy.argmax", reduction(ReduceOp::ArgMax)},
        {"numpy.any", logicalReduction(ReduceOp::Any)},
        {"numpy.all", logicalReduction(ReduceOp::All)},
        {"numpy.mean", mean},
        {"numpy.var", variance(false)},
        {"numpy.std", variance(true)},
        {"numpy.cumsum", scan(ReduceOp::Sum)},
        {"numpy.cumprod", scan(ReduceOp::Prod)},
        {"numpy.linalg.norm", norm},
        {"numpy.linalg.vector_norm", vectorNormFunction},
        {"numpy.linalg.matrix_norm", matrixNormFunction},
        {"numpy.dot", dot},
        {"numpy.matmul", matmul},
        {"ndarray.sum", reduction(ReduceOp::Sum)},
        {"ndarray.prod", reduction(ReduceOp::Prod)},
        {"ndarray.min", reduction(ReduceOp::Min)},
        {"ndarray.max", reduction(ReduceOp::Max)},
        {"ndarray.argmin", reduction(ReduceOp::ArgMin)},
        {"ndarray.argmax", reduction(ReduceOp::ArgMax)},
        {"ndarray.any", logicalReduction(ReduceOp::Any)},
        {"ndarray.all", logicalReduction(ReduceOp::All)},
        {"ndarray.mean", mean},
        {"ndarray.var", variance(false)},
        {"ndarray.std", variance(true)},
        {"ndarray.cumsum", scan(ReduceOp::Sum)},
        {"ndarray.cumprod", scan(ReduceOp::Prod)},
        {"ndarray.dot", dot},
    };
    return table;
}

} // namespace npc::lowering
