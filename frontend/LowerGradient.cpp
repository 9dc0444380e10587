// np.gradient as NumPy writes it (numpy/lib/_function_base_impl.py): second-order central
// differences inside, first- or second-order one-sided differences at the two ends, for
// uniform spacing (a number) or sample coordinates (a 1-D array, whose differences NumPy
// treats as uniform when they are all equal: both formulas are built and the run time
// picks NumPy's).
#include "frontend/LowerContext.h"

#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;

/// The spacing along one axis: a number (`step`; Python numbers weak, as NumPy's
/// `2. * dx` sees them), or coordinates: their differences `steps` (1-D, float64 for
/// integer coordinates), `first` their first one (a NumPy scalar) and `uniform` whether
/// all are equal (bool scalar), NumPy's switch back to the number's formulas.
struct Spacing {
    NodePtr step;
    NodePtr steps, first, uniform;
};

/// The arithmetic of one axis's gradient, in the operands' dtypes (NEP 50).
struct Differences {
    ExprLowering &lowering;
    const NodePtr &f;
    int axis;
    SourceLoc loc;

    NodePtr at(int64_t start, std::optional<int64_t> stop) const {
        return sliceAlong(f, axis, start, stop, 1, loc);
    }
    NodePtr op(BinaryOp o, const NodePtr &a, const NodePtr &b) const {
        return lowering.binary(o, a, b, loc);
    }
    NodePtr number(double v) const {
        return array::makeFloatConstant(v, DType::Float64, true, loc);
    }
    /// `a * x + b * y + c * z`.
    NodePtr weighted(const NodePtr &a, const NodePtr &x, const NodePtr &b, const NodePtr &y,
                     const NodePtr &c, const NodePtr &z) const {
        return op(BinaryOp::Add,
                  op(BinaryOp::Add, op(BinaryOp::Multiply, a, x), op(BinaryOp::Multiply, b, y)),
                  op(BinaryOp::Multiply, c, z));
    }
    /// `steps` (1-D) with its axis moved to `axis` of f's rank, for broadcasting.
    NodePtr alongAxis(const NodePtr &steps) const {
        std::vector<array::ViewEntry> entries(static_cast<size_t>(f->type.rank()),
                                              array::ViewEntry::newAxis());
        entries[static_cast<size_t>(axis)] = array::ViewEntry::all();
        return array::makeView(steps, std::move(entries), loc);
    }
    /// steps[i] (i in -2..1), read from a copy with two more elements on that side, so
    /// that too few coordinates (an error on entry) read nothing out of bounds.
    NodePtr element(const NodePtr &steps, int64_t i) const {
        NodePtr filler = array::makeBroadcast(
            array::makeFloatConstant(1, steps->type.dtype, false, loc), {dimConst(2)}, loc);
        NodePtr padded = i >= 0 ? array::makeConcat({steps, filler}, 0, {}, loc)
                                : array::makeConcat({filler, steps}, 0, {}, loc);
        return array::makeView(padded, {array::ViewEntry::at(i)}, loc);
    }
};

/// The spacing argument `v` for an axis of extent `n`: a number or 1-D coordinates (NumPy's
/// ValueErrors for other ranks and, on entry where the run time knows the lengths, for
/// coordinates of another length than the axis).
Spacing spacing(ExprLowering &lowering, const Value &v, const Dim &n, const CallArgs &args) {
    NodePtr x = asArray(lowering, v, args, "varargs");
    if (v.kind == Value::Array && v.node->type.rank() == 0)
        return {v.node, nullptr, nullptr, nullptr};
    if (x->type.rank() != 1)
        throw UserError(v.loc, "distances must be either scalars or 1d");
    const char *mismatch = "when 1d, distances must match the length of the corresponding "
                           "dimension";
    auto len = dimConstValue(x->type.shape[0]), extent = dimConstValue(n);
    if (len && extent && *len != *extent)
        throw UserError(v.loc, mismatch);
    if (!dimEqual(x->type.shape[0], n)) // checked before the coordinates are read
        x = array::withChecks(
            array::makeBroadcast(x, {n}, args.loc),
            {shownCheck(x->type.shape[0], n, false, [=](std::vector<Dim> *) { return mismatch; })});
    if (!isInexact(x->type.dtype))
        x = array::makeCast(x, DType::Float64, args.loc);
    SourceLoc loc = args.loc;
    NodePtr steps = lowering.materialized(
        callNumPy(lowering, "numpy.diff", CallArgs{"np.diff", loc, {Value::array(x, loc)}, {}, {}})
            .node,
        loc);
    // All equal: `steps[1:] == steps[:-1]` everywhere (NumPy compares with steps[0]: the
    // same answer, NaN included).
    NodePtr equal = lowering.binary(BinaryOp::Equal, sliceAlong(steps, 0, 1, std::nullopt, 1, loc),
                                    sliceAlong(steps, 0, std::nullopt, -1, 1, loc), loc);
    NodePtr uniform =
        lowering.materialized(array::makeReduce(array::ReduceOp::All, equal, {0}, false, loc), loc);
    NodePtr first =
        lowering.materialized(Differences{lowering, steps, 0, loc}.element(steps, 0), loc);
    return {nullptr, steps, first, uniform};
}

/// The gradient of `f` along `axis` with `dx`, in `out` dtype, edges of `edgeOrder`.
NodePtr gradientAlong(ExprLowering &lowering, const NodePtr &f, int axis, const Spacing &dx,
                      int edgeOrder, DType out, SourceLoc loc) {
    Differences d{lowering, f, axis, loc};
    auto pick = [&](const NodePtr &uniform, const NodePtr &general) {
        Shape shape = broadcastShapes(uniform->type.shape, general->type.shape, loc);
        return array::makeWhere(
            array::makeBroadcast(dx.uniform, shape, loc),
            array::makeBroadcast(array::makeCast(uniform, out, loc), shape, loc),
            array::makeBroadcast(array::makeCast(general, out, loc), shape, loc), loc);
    };
    const NodePtr &h = dx.step ? dx.step : dx.first; // the uniform spacing
    // Inside: (f[2:] - f[:-2]) / (2. * h), or NumPy's a, b, c of the two neighbouring steps.
    NodePtr inside =
        d.op(BinaryOp::TrueDivide, d.op(BinaryOp::Subtract, d.at(2, std::nullopt), d.at(0, -2)),
             d.op(BinaryOp::Multiply, d.number(2.0), h));
    if (!dx.step) {
        NodePtr dx1 = d.alongAxis(sliceAlong(dx.steps, 0, std::nullopt, -1, 1, loc));
        NodePtr dx2 = d.alongAxis(sliceAlong(dx.steps, 0, 1, std::nullopt, 1, loc));
        NodePtr sum = d.op(BinaryOp::Add, dx1, dx2);
        NodePtr a = d.op(BinaryOp::TrueDivide, lowering.unary(array::UnaryOp::Negative, dx2, loc),
                         d.op(BinaryOp::Multiply, dx1, sum));
        NodePtr b = d.op(BinaryOp::TrueDivide, d.op(BinaryOp::Subtract, dx2, dx1),
                         d.op(BinaryOp::Multiply, dx1, dx2));
        NodePtr c = d.op(BinaryOp::TrueDivide, dx1, d.op(BinaryOp::Multiply, dx2, sum));
        inside = pick(inside, d.weighted(a, d.at(0, -2), b, d.at(1, -1), c, d.at(2, std::nullopt)));
    }
    NodePtr head, tail;
    if (edgeOrder == 1) {
        // (f[1] - f[0]) / dx[0] and (f[-1] - f[-2]) / dx[-1]: the same steps either way.
        NodePtr last = dx.step ? dx.step : d.element(dx.steps, -1);
        head = d.op(BinaryOp::TrueDivide, d.op(BinaryOp::Subtract, d.at(1, 2), d.at(0, 1)), h);
        tail = d.op(BinaryOp::TrueDivide,
                    d.op(BinaryOp::Subtract, d.at(-1, std::nullopt), d.at(-2, -1)), last);
    } else {
        auto scaled = [&](double v) { return d.op(BinaryOp::TrueDivide, d.number(v), h); };
        head =
            d.weighted(scaled(-1.5), d.at(0, 1), scaled(2.0), d.at(1, 2), scaled(-0.5), d.at(2, 3));
        tail = d.weighted(scaled(0.5), d.at(-3, -2), scaled(-2.0), d.at(-2, -1), scaled(1.5),
                          d.at(-1, std::nullopt));
        if (!dx.step) {
            auto coefficients = [&](const NodePtr &dx1, const NodePtr &dx2, bool start) {
                NodePtr sum = d.op(BinaryOp::Add, dx1, dx2);
                NodePtr product = d.op(BinaryOp::Multiply, dx1, dx2);
                auto neg = [&](const NodePtr &v) {
                    return lowering.unary(array::UnaryOp::Negative, v, loc);
                };
                if (start) // a = -(2 dx1 + dx2) / (dx1 (dx1 + dx2)), b, c
                    return std::vector<NodePtr>{
                        d.op(BinaryOp::TrueDivide,
                             neg(d.op(BinaryOp::Add, d.op(BinaryOp::Multiply, d.number(2.0), dx1),
                                      dx2)),
                             d.op(BinaryOp::Multiply, dx1, sum)),
                        d.op(BinaryOp::TrueDivide, sum, product),
                        d.op(BinaryOp::TrueDivide, neg(dx1), d.op(BinaryOp::Multiply, dx2, sum))};
                return std::vector<NodePtr>{
                    d.op(BinaryOp::TrueDivide, dx2, d.op(BinaryOp::Multiply, dx1, sum)),
                    d.op(BinaryOp::TrueDivide, neg(sum), product),
                    d.op(BinaryOp::TrueDivide,
                         d.op(BinaryOp::Add, d.op(BinaryOp::Multiply, d.number(2.0), dx2), dx1),
                         d.op(BinaryOp::Multiply, dx2, sum))};
            };
            auto s = coefficients(d.element(dx.steps, 0), d.element(dx.steps, 1), true);
            head = pick(head, d.weighted(s[0], d.at(0, 1), s[1], d.at(1, 2), s[2], d.at(2, 3)));
            auto e = coefficients(d.element(dx.steps, -2), d.element(dx.steps, -1), false);
            tail = pick(tail, d.weighted(e[0], d.at(-3, -2), e[1], d.at(-2, -1), e[2],
                                         d.at(-1, std::nullopt)));
        }
    }
    std::vector<NodePtr> parts;
    for (const NodePtr &p : {head, inside, tail})
        parts.push_back(array::makeCast(p, out, loc));
    return array::makeConcat(std::move(parts), axis, {}, loc);
}

/// numpy.gradient(f, *varargs, axis=None, edge_order=1): the gradient along each axis of
/// `axis` (all by default), an array for one axis, else a tuple; spacing: none (1), one
/// number for all axes, or one number or 1-D coordinate array per axis; float64 for integer
/// f, f's dtype for floats. NumPy's errors: an axis too short for edge_order (on entry where
/// only the run time knows it), a wrong number of spacings, edge_order above 2.
Value gradient(ExprLowering &lowering, const CallArgs &args) {
    SourceLoc loc = args.loc;
    if (args.positional.empty())
        throw UserError(loc, "gradient() missing 1 required positional argument: 'f'");
    std::optional<Value> axisArg, orderArg;
    for (size_t k = 0; k < args.keywords.size(); ++k) {
        const auto &[name, value] = args.keywords[k];
        if (name == "axis")
            axisArg = value;
        else if (name == "edge_order")
            orderArg = value;
        else
            throw UserError(
                args.keywordLocs[k],
                fmt::format("np.gradient() got an unexpected keyword argument '{}'", name));
    }
    NodePtr f = asArray(lowering, args.positional[0], args, "f");
    int rank = f->type.rank();
    std::vector<int> axes = normalizeAxes(axisArg, rank, args);
    int edgeOrder = 1;
    if (orderArg) {
        std::optional<int64_t> e = constantInt(*orderArg);
        if (!e)
            throw UserError(orderArg->loc, "np.gradient(): npc needs edge_order as an int literal");
        if (*e > 2)
            throw UserError(orderArg->loc, "'edge_order' greater than 2 not supported");
        if (*e < 1)
            throw UserError(orderArg->loc, "np.gradient(): edge_order must be 1 or 2");
        edgeOrder = static_cast<int>(*e);
    }
    std::vector<Value> varargs(args.positional.begin() + 1, args.positional.end());
    bool oneNumber =
        varargs.size() == 1 && varargs[0].kind == Value::Array && varargs[0].node->type.rank() == 0;
    if (!varargs.empty() && !oneNumber && varargs.size() != axes.size())
        throw UserError(loc, "invalid number of arguments");
    DType out = f->type.dtype;
    if (!isInexact(out)) {
        if (!isBool(out))
            f = array::makeCast(f, DType::Float64, loc);
        out = DType::Float64;
    }
    std::vector<NodePtr> results;
    for (size_t i = 0; i < axes.size(); ++i) {
        const Dim &n = f->type.shape[static_cast<size_t>(axes[i])];
        Spacing dx{array::makeFloatConstant(1.0, DType::Float64, true, loc), nullptr, nullptr,
                   nullptr};
        if (!varargs.empty())
            dx = spacing(lowering, varargs[oneNumber ? 0 : i], n, args);
        const char *tooSmall = "Shape of array too small to calculate a numerical gradient, at "
                               "least (edge_order + 1) elements are required.";
        NodePtr g = gradientAlong(lowering, f, axes[i], dx, edgeOrder, out, loc);
        if (auto c = dimConstValue(n)) {
            if (*c < edgeOrder + 1)
                throw UserError(loc, tooSmall);
        } else {
            NodePtr fails = lowering.binary(
                BinaryOp::Less, array::makeDimValue(n, loc),
                array::makeIntConstant(edgeOrder + 1, DType::Int64, false, loc), loc);
            g = array::withChecks(g, {conditionCheck(fails, "axis too short", tooSmall)});
        }
        results.push_back(array::withName(g, "gradient"));
    }
    if (results.size() == 1)
        return Value::array(results[0], loc);
    return arrayTuple(std::move(results), loc);
}

} // namespace

const std::map<std::string, Handler> &gradientFunctions() {
    static const std::map<std::string, Handler> table = {{"numpy.gradient", gradient}};
    return table;
}

} // namespace npc::lowering
