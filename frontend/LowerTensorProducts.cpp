// Products that contract axes, as NumPy writes them in numpy/_core/numeric.py and
// numpy/_core/multiarray: np.tensordot, np.inner, np.vdot and np.cross; and np.kron
// (numpy/lib/_shape_base_impl.py). The contractions are built as np.dot is here: the
// operands broadcast against each other along new axes, multiplied, and the contracted axes
// summed (in the operands' common dtype, as np.dot).
#include "frontend/LowerContext.h"

#include <algorithm>
#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::ReduceOp;
using array::ViewEntry;

/// `a` and `b` multiplied with axes `axesA` of `a` paired with `axesB` of `b` (normalized,
/// distinct, equally many, of equal extents or checked so with `message`) summed: the
/// result has a's other axes, then b's, in order (numpy.tensordot's layout).
NodePtr contract(ExprLowering &lowering, const NodePtr &a, const NodePtr &b,
                 const std::vector<int> &axesA, const std::vector<int> &axesB,
                 const ShownMessage &message, SourceLoc loc) {
    auto permutation = [](int rank, const std::vector<int> &contracted, bool contractedFirst) {
        std::vector<int> order;
        for (int k = 0; k < rank; ++k)
            if (std::find(contracted.begin(), contracted.end(), k) == contracted.end())
                order.push_back(k);
        order.insert(contractedFirst ? order.begin() : order.end(), contracted.begin(),
                     contracted.end());
        return order;
    };
    NodePtr at = array::makeTranspose(a, permutation(a->type.rank(), axesA, false), loc);
    NodePtr bt = array::makeTranspose(b, permutation(b->type.rank(), axesB, true), loc);
    size_t freeA = at->type.shape.size() - axesA.size();
    size_t freeB = bt->type.shape.size() - axesB.size();
    size_t nc = axesA.size();
    // Pair the contracted extents: b takes a's where they differ (a's where it is a
    // constant, else b's; checked on entry), as np.dot does.
    std::vector<array::ExtentCheck> checks;
    Shape shapeB = bt->type.shape;
    Shape shapeA = at->type.shape;
    for (size_t k = 0; k < nc; ++k) {
        const Dim &ka = at->type.shape[freeA + k];
        const Dim &kb = bt->type.shape[k];
        auto ca = dimConstValue(ka), cb = dimConstValue(kb);
        if (ca && cb && *ca != *cb)
            throw UserError(loc, message(nullptr));
        if (dimEqual(ka, kb))
            continue;
        if (ca || !cb)
            shapeB[k] = ka;
        else
            shapeA[freeA + k] = kb;
        checks.push_back(shownCheck(ca || !cb ? kb : ka, ca || !cb ? ka : kb, false, message));
    }
    if (!checks.empty()) {
        at = array::makeBroadcast(at, shapeA, loc);
        bt = array::withChecks(array::makeBroadcast(bt, shapeB, loc), std::move(checks));
    }
    std::vector<ViewEntry> viewA(freeA + nc, ViewEntry::all());
    viewA.insert(viewA.end(), freeB, ViewEntry::newAxis());
    std::vector<ViewEntry> viewB(freeA, ViewEntry::newAxis());
    viewB.insert(viewB.end(), nc + freeB, ViewEntry::all());
    NodePtr products = lowering.binary(BinaryOp::Multiply, array::makeView(at, viewA, loc),
                                       array::makeView(bt, viewB, loc), loc);
    if (nc == 0)
        return products;
    std::vector<int> summed;
    for (size_t k = 0; k < nc; ++k)
        summed.push_back(static_cast<int>(freeA + k));
    return array::makeReduce(ReduceOp::Sum, products, std::move(summed), false, loc);
}

/// The axes of one operand in np.tensordot's `axes` (an int, or a sequence of ints),
/// normalized against `rank` as NumPy indexes the operand's shape with them: IndexError
/// "tuple index out of range" beyond it.
std::vector<int> tensordotAxes(const Value &v, int rank) {
    std::vector<Value> items = v.kind == Value::Tuple ? v.elements : std::vector<Value>{v};
    std::vector<int> axes;
    for (const Value &item : items) {
        std::optional<int64_t> k = constantInt(item);
        if (!k)
            throw UserError(item.loc, "np.tensordot(): npc needs the axes as int literals");
        if (*k < -rank || *k >= rank)
            throw UserError(item.loc, "tuple index out of range");
        axes.push_back(static_cast<int>(*k < 0 ? *k + rank : *k));
    }
    return axes;
}

/// numpy.tensordot(a, b, axes=2): the sum over a's axes `axes[0]` paired with b's
/// `axes[1]` (an int N: a's last N axes with b's first N) of the products; the result has
/// a's other axes then b's. ValueError "shape-mismatch for sum" for unequal extents or
/// counts (on entry where only the run time knows them).
Value tensordot(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"b", true}, {"axes", false}});
    NodePtr x = asArray(lowering, *b[0], args, "a");
    NodePtr y = asArray(lowering, *b[1], args, "b");
    int ra = x->type.rank(), rb = y->type.rank();
    std::vector<int> axesA, axesB;
    const Value *axes = b[2] ? &*b[2] : nullptr;
    if (axes && axes->kind == Value::Tuple) {
        if (axes->elements.size() != 2)
            throw UserError(axes->loc,
                            axes->elements.size() > 2
                                ? std::string("too many values to unpack (expected 2)")
                                : fmt::format("not enough values to unpack (expected 2, got {})",
                                              axes->elements.size()));
        axesA = tensordotAxes(axes->elements[0], ra);
        axesB = tensordotAxes(axes->elements[1], rb);
    } else {
        int64_t n = 2;
        if (axes) {
            std::optional<int64_t> given = constantInt(*axes);
            if (!given)
                throw UserError(axes->loc, "np.tensordot(): npc needs axes as an int literal or "
                                           "a pair of int literals or of sequences of them");
            n = *given;
        }
        // NumPy: range(-n, 0) of a's axes, range(0, n) of b's (both empty for n < 0).
        for (int64_t k = -n; k < 0; ++k) {
            if (k < -ra)
                throw UserError(axes ? axes->loc : args.loc, "tuple index out of range");
            axesA.push_back(static_cast<int>(k + ra));
        }
        for (int64_t k = 0; k < n; ++k) {
            if (k >= rb)
                throw UserError(axes ? axes->loc : args.loc, "tuple index out of range");
            axesB.push_back(static_cast<int>(k));
        }
    }
    const char *mismatch = "shape-mismatch for sum";
    if (axesA.size() != axesB.size())
        throw UserError(args.loc, mismatch);
    for (const std::vector<int> *list : {&axesA, &axesB})
        for (size_t i = 0; i < list->size(); ++i)
            if (std::count(list->begin(), list->end(), (*list)[i]) > 1)
                throw UserError(axes ? axes->loc : args.loc, "repeated axis in transpose");
    NodePtr out = contract(
        lowering, x, y, axesA, axesB, [&](std::vector<Dim> *) { return std::string(mismatch); },
        args.loc);
    return Value::array(array::withName(out, "tensordot"), args.loc);
}

/// numpy.inner(a, b): the sum over the last axes of both of the products (a scalar operand
/// multiplies); the result has a's other axes then b's. NumPy's ValueError for unequal last
/// extents names b's shape with its last axis first, as NumPy's own message does.
Value inner(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"b", true}});
    NodePtr x = asArray(lowering, *b[0], args, "a");
    NodePtr y = asArray(lowering, *b[1], args, "b");
    int ra = x->type.rank(), rb = y->type.rank();
    if (ra == 0 || rb == 0)
        return Value::array(lowering.binary(BinaryOp::Multiply, x, y, args.loc), args.loc);
    Shape shownB = y->type.shape;
    std::rotate(shownB.rbegin(), shownB.rbegin() + 1, shownB.rend());
    auto message = [&](std::vector<Dim> *shown) {
        std::string shapeA = array::showShape(x->type.shape, shown);
        std::string shapeB = array::showShape(shownB, shown);
        std::string ka = array::showExtent(x->type.shape.back(), shown);
        return fmt::format("shapes {} and {} not aligned: {} (dim {}) != {} (dim 0)", shapeA,
                           shapeB, ka, ra - 1, array::showExtent(y->type.shape.back(), shown));
    };
    NodePtr out = contract(lowering, x, y, {ra - 1}, {rb - 1}, message, args.loc);
    return Value::array(array::withName(out, "inner"), args.loc);
}

/// numpy.vdot(a, b): the sum of np.conj(a.ravel()) * b.ravel() (a scalar); NumPy's
/// ValueError for unequal sizes ("cannot reshape array of size N into shape (M,)").
Value vdot(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"b", true}});
    std::vector<NodePtr> flat;
    for (size_t i : {0, 1}) {
        NodePtr v = asArray(lowering, *b[i], args, i == 0 ? "a" : "b");
        if (i == 0 && isComplex(v->type.dtype))
            v = callNumPy(lowering, "numpy.conjugate",
                          CallArgs{"np.conjugate", args.loc, {Value::array(v, args.loc)}, {}, {}})
                    .node;
        flat.push_back(raveled(lowering, v, args.loc));
    }
    auto message = [&](std::vector<Dim> *shown) {
        // Shown in order: the size first (function arguments are evaluated in any order).
        std::string size = array::showExtent(flat[1]->type.shape[0], shown);
        return fmt::format("cannot reshape array of size {} into shape ({},)", size,
                           array::showExtent(flat[0]->type.shape[0], shown));
    };
    NodePtr out = contract(lowering, flat[0], flat[1], {0}, {0}, message, args.loc);
    return Value::array(array::withName(out, "vdot"), args.loc);
}

/// Component `k` of the vectors along the last axis of `v`.
NodePtr component(const NodePtr &v, int64_t k, SourceLoc loc) {
    std::vector<ViewEntry> entries(static_cast<size_t>(v->type.rank() - 1), ViewEntry::all());
    entries.push_back(ViewEntry::at(k));
    return array::makeView(v, std::move(entries), loc);
}

/// One of np.cross's axes (an int literal) normalized for `rank`, with NumPy's AxisError
/// naming the parameter (`name`: "axisa", "axisb", "axisc").
int crossAxis(const Value &axis, int rank, const char *name) {
    std::optional<int64_t> k = constantInt(axis);
    if (!k)
        throw UserError(axis.loc, "np.cross(): npc needs each axis as an int literal");
    if (*k < -rank || *k >= rank)
        throw UserError(axis.loc, fmt::format("{}: axis {} is out of bounds for array of "
                                              "dimension {}",
                                              name, *k, rank));
    return static_cast<int>(*k < 0 ? *k + rank : *k);
}

/// numpy.cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None): the cross product of
/// vectors of 2 or 3 components (a missing third one is 0) along axisa of a and axisb of
/// b, broadcast over the other axes; 3-vector results along axisc, 2-vector pairs give the
/// scalar z component. Each component is NumPy's `a1*b2 - a2*b1`, in the operands'
/// common dtype. The vector extents must be constants here.
Value cross(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true},
                         {"b", true},
                         {"axisa", false},
                         {"axisb", false},
                         {"axisc", false},
                         {"axis", false}});
    NodePtr x = asArray(lowering, *b[0], args, "a");
    NodePtr y = asArray(lowering, *b[1], args, "b");
    std::optional<Value> axisA = b[2], axisB = b[3], axisC = b[4];
    if (b[5] && b[5]->kind != Value::None)
        axisA = axisB = axisC = b[5];
    if (x->type.rank() == 0 || y->type.rank() == 0)
        throw UserError(args.loc, "At least one array has zero dimension");
    auto moveLast = [&](NodePtr v, const std::optional<Value> &axis, const char *name) {
        if (!axis || axis->kind == Value::None)
            return v;
        int k = crossAxis(*axis, v->type.rank(), name);
        std::vector<int> order;
        for (int i = 0; i < v->type.rank(); ++i)
            if (i != k)
                order.push_back(i);
        order.push_back(k);
        return array::makeTranspose(v, order, args.loc);
    };
    x = moveLast(x, axisA, "axisa");
    y = moveLast(y, axisB, "axisb");
    // NumPy breaks this line before the parenthesis; a diagnostic keeps it on one.
    const char *message = "incompatible dimensions for cross product (dimension must be 2 or 3)";
    std::optional<int64_t> na = dimConstValue(x->type.shape.back());
    std::optional<int64_t> nb = dimConstValue(y->type.shape.back());
    for (auto [n, v] : {std::pair{na, &*b[0]}, std::pair{nb, &*b[1]}}) {
        if (!n)
            throw UserError(v->loc, "np.cross(): npc needs the vectors' length (2 or 3) known at "
                                    "compile time: give the argument a fixed extent in its "
                                    "signature (float64[:,3])");
        if (*n != 2 && *n != 3)
            throw UserError(args.loc, message);
    }
    SourceLoc loc = args.loc;
    auto mul = [&](int i, int j) {
        return lowering.binary(BinaryOp::Multiply, component(x, i, loc), component(y, j, loc), loc);
    };
    auto sub = [&](const NodePtr &p, const NodePtr &q) {
        return lowering.binary(BinaryOp::Subtract, p, q, loc);
    };
    // NumPy's cross: the z component, then x and y where either vector has three.
    NodePtr z = sub(mul(0, 1), mul(1, 0));
    if (*na == 2 && *nb == 2)
        return Value::array(array::withName(z, "cross"), loc);
    NodePtr cx, cy;
    if (*na == 3 && *nb == 3) {
        cx = sub(mul(1, 2), mul(2, 1));
        cy = sub(mul(2, 0), mul(0, 2));
    } else if (*na == 2) { // a2 == 0
        cx = mul(1, 2);
        cy = lowering.unary(array::UnaryOp::Negative, mul(0, 2), loc);
    } else { // b2 == 0
        cx = lowering.unary(array::UnaryOp::Negative, mul(2, 1), loc);
        cy = mul(2, 0);
    }
    Shape shape = broadcastShapes(cx->type.shape, z->type.shape, loc);
    std::vector<NodePtr> parts;
    std::vector<ViewEntry> last(shape.size(), ViewEntry::all());
    last.push_back(ViewEntry::newAxis());
    DType t = z->type.dtype;
    for (const NodePtr &c : {cx, cy, z})
        parts.push_back(array::makeView(
            array::makeBroadcast(array::makeCast(c, t, loc), shape, loc), last, loc));
    int rank = static_cast<int>(shape.size()) + 1;
    NodePtr out = array::makeConcat(std::move(parts), rank - 1, {}, loc);
    if (axisC && axisC->kind != Value::None) {
        int k = crossAxis(*axisC, rank, "axisc");
        std::vector<int> order;
        for (int i = 0; i < rank - 1; ++i)
            order.push_back(i);
        order.insert(order.begin() + k, rank - 1);
        out = array::makeTranspose(out, order, loc);
    }
    return Value::array(array::withName(out, "cross"), loc);
}

/// numpy.kron(a, b): the Kronecker product as NumPy builds it: both operands given the
/// same number of axes (leading 1s), a's axes spread to the even positions and b's to the
/// odd ones of a product of twice that many axes, multiplied (NEP 50) and reshaped to the
/// products of the extents. A 0-d operand multiplies.
Value kron(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"b", true}});
    SourceLoc loc = args.loc;
    NodePtr y = asArray(lowering, *b[1], args, "b");
    NodePtr x = asArray(lowering, *b[0], args, "a");
    int nd = std::max(x->type.rank(), y->type.rank());
    if (x->type.rank() < y->type.rank()) { // np.array(a, ndmin=b.ndim)
        std::vector<ViewEntry> lead(static_cast<size_t>(nd - x->type.rank()), ViewEntry::newAxis());
        lead.resize(static_cast<size_t>(nd), ViewEntry::all());
        x = array::makeView(x, std::move(lead), loc);
    }
    if (x->type.rank() == 0 || y->type.rank() == 0)
        return Value::array(lowering.binary(BinaryOp::Multiply, x, y, loc), loc);
    // (a0, 1, a1, 1, ...) times (1, b0, 1, b1, ...), b first given a's number of axes.
    int extra = nd - y->type.rank();
    std::vector<ViewEntry> spreadA, spreadB;
    for (int i = 0; i < nd; ++i) {
        spreadA.insert(spreadA.end(), {ViewEntry::all(), ViewEntry::newAxis()});
        if (i < extra)
            spreadB.insert(spreadB.end(), {ViewEntry::newAxis(), ViewEntry::newAxis()});
        else
            spreadB.insert(spreadB.end(), {ViewEntry::newAxis(), ViewEntry::all()});
    }
    NodePtr product = lowering.binary(BinaryOp::Multiply, array::makeView(x, spreadA, loc),
                                      array::makeView(y, spreadB, loc), loc);
    Shape shape;
    for (int i = 0; i < nd; ++i)
        shape.push_back(dimProduct({product->type.shape[static_cast<size_t>(2 * i)],
                                    product->type.shape[static_cast<size_t>(2 * i + 1)]}));
    return Value::array(
        array::withName(array::makeReshape(array::makeCopy(product, loc), shape, {}, loc), "kron"),
        loc);
}

} // namespace

const std::map<std::string, Handler> &tensorProductFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.tensordot", tensordot}, {"numpy.inner", inner}, {"numpy.vdot", vdot},
        {"numpy.cross", cross},         {"numpy.kron", kron},
    };
    return table;
}

} // namespace npc::lowering
