// Shape manipulation as NumPy 2.x does it: the attributes `shape`, `T` and `dtype`, the
// builtin len(), permutations (transpose, swapaxes, moveaxis), size-1 axes (expand_dims,
// squeeze), broadcast_to, reshape/ravel/flatten, and joining (concatenate, stack, hstack,
// vstack, dstack, column_stack). All but the joins are views in the array IR; extents only
// the run time knows are checked on entry with NumPy's ValueError messages.
#include "frontend/LowerContext.h"
#include "ir/Promotion.h"

#include <algorithm>
#include <fmt/format.h>
#include <numeric>

namespace npc::lowering {
namespace {

using array::ExtentCheck;
using array::NodePtr;

/// An extent as a Python int: a weak int64 constant, or the run-time extent (weak too,
/// so `x * x.shape[0]` keeps float32 as NumPy does).
NodePtr extentValue(const Dim &d, SourceLoc loc) {
    if (auto c = dimConstValue(d))
        return array::makeIntConstant(*c, DType::Int64, true, loc);
    array::Node n = *array::makeDimValue(d, loc);
    n.type.weak = true;
    return std::make_shared<const array::Node>(std::move(n));
}

Value tupleOf(std::vector<Value> items, SourceLoc loc) {
    Value v{Value::Tuple, nullptr, {}, {}, {}, loc};
    v.elements = std::move(items);
    return v;
}

/// NumPy's spelling of a shape in reshape errors (convert_shape_to_string): `(4,5)`,
/// `(4,newaxis)`, `(6,)`; leading -1 extents are left out (`(-1, 2)`: `(2)`). Extents
/// shown by showExtent.
std::string shapeText(const std::vector<std::optional<Dim>> &dims, std::vector<Dim> *shown) {
    size_t first = 0;
    while (first < dims.size() && !dims[first])
        ++first;
    if (first == dims.size())
        return "()";
    std::string s = "(";
    for (size_t i = first; i < dims.size(); ++i) {
        if (i > first)
            s += ',';
        s += dims[i] ? array::showExtent(*dims[i], shown) : "newaxis";
    }
    return s + (dims.size() == 1 ? ",)" : ")");
}

/// One axis argument (an int literal) normalised for `rank`; `what` names it in errors
/// as NumPy does ("source", "destination", or empty).
int axisArgument(const Value &v, int rank, const CallArgs &args, const char *what = "") {
    auto a = constantInt(v);
    if (!a)
        throw UserError(v.loc, fmt::format("{}(): {} must be an integer literal", args.function,
                                           *what ? what : "axis"));
    if (*a < -rank || *a >= rank)
        throw UserError(v.loc, fmt::format("{}{}axis {} is out of bounds for array of dimension {}",
                                           what, *what ? ": " : "", *a, rank));
    return static_cast<int>(*a < 0 ? *a + rank : *a);
}

/// A tuple argument's items, or the single value itself.
std::vector<Value> items(const Value &v) {
    return v.kind == Value::Tuple ? v.elements : std::vector<Value>{v};
}

/// The extent a scalar expression of extents stands for (`x.shape[0]`, `n * m`, `3`).
std::optional<Dim> extentOf(const array::Node &n) {
    if (n.kind == array::NodeKind::DimValue)
        return n.dim;
    if (n.kind == array::NodeKind::Cast && n.type.dtype == DType::Int64)
        return extentOf(*n.operand());
    if (n.kind == array::NodeKind::Constant && isInteger(n.type.dtype) && n.intValue >= 0)
        return dimConst(n.intValue);
    if (n.kind == array::NodeKind::Binary && n.binaryOp == array::BinaryOp::Multiply) {
        auto a = extentOf(*n.operand(0)), b = extentOf(*n.operand(1));
        if (a && b)
            return dimProduct({*a, *b});
    }
    return std::nullopt;
}

/// An extent given as an argument: an int literal (also -1 when `unknownAllowed`; nullopt
/// stands for it), an expression of extents (`x.shape[0] * 2`), or any run-time int
/// scalar (checked non-negative on entry).
std::optional<Dim> shapeExtent(const Value &v, const CallArgs &args, bool unknownAllowed,
                               const std::string &negative = "negative dimensions are not "
                                                             "allowed") {
    if (auto c = constantInt(v)) {
        if (*c == -1 && unknownAllowed)
            return std::nullopt;
        if (*c < 0)
            throw UserError(v.loc, negative);
        return dimConst(*c);
    }
    if (v.kind == Value::Array)
        if (auto d = extentOf(*v.node))
            return d;
    if (unknownAllowed)
        return extentArgument(v, args, "shape",
                              "negative dimensions are not allowed (npc takes reshape's -1, "
                              "the extent to infer, only when it is written as -1)");
    return extentArgument(v, args, "shape", negative);
}

// ---- attributes and len ------------------------------------------------------------

Value len(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"obj", true}});
    if (b[0]->kind == Value::Tuple)
        return Value::array(array::makeIntConstant(static_cast<int64_t>(b[0]->elements.size()),
                                                   DType::Int64, true, args.loc),
                            args.loc);
    NodePtr x = requireArray(b[0], args, "obj");
    if (x->type.rank() == 0)
        throw UserError(b[0]->loc, "len() of unsized object (a 0-d array or a number)");
    return Value::array(extentValue(x->type.shape[0], args.loc), args.loc);
}

// ---- permutations -----------------------------------------------------------------

Value transpose(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"axes", false}});
    NodePtr x = requireArray(b[0], args, "a");
    int rank = x->type.rank();
    std::vector<int> perm(static_cast<size_t>(rank));
    std::iota(perm.rbegin(), perm.rend(), 0);
    if (b[1] && b[1]->kind != Value::None) {
        std::vector<Value> given = items(*b[1]);
        if (static_cast<int>(given.size()) != rank)
            throw UserError(b[1]->loc, "axes don't match array");
        perm.clear();
        for (const Value &v : given) {
            int a = axisArgument(v, rank, args);
            if (std::find(perm.begin(), perm.end(), a) != perm.end())
                throw UserError(v.loc, "repeated axis in transpose");
            perm.push_back(a);
        }
    }
    return Value::array(array::makeTranspose(x, perm, args.loc), args.loc);
}

/// `a.transpose()`, `a.transpose(1, 0)` and `a.transpose((1, 0))`.
Value transposeMethod(ExprLowering &lowering, const CallArgs &args) {
    if (args.positional.size() <= 2 && args.keywords.empty())
        return transpose(lowering, args);
    if (!args.keywords.empty())
        throw UserError(args.keywordLocs[0], "ndarray.transpose() takes no keyword arguments");
    CallArgs packed = args;
    packed.positional = {args.positional[0],
                         tupleOf({args.positional.begin() + 1, args.positional.end()}, args.loc)};
    return transpose(lowering, packed);
}

Value swapaxes(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"axis1", true}, {"axis2", true}});
    NodePtr x = requireArray(b[0], args, "a");
    int rank = x->type.rank();
    int a1 = axisArgument(*b[1], rank, args), a2 = axisArgument(*b[2], rank, args);
    std::vector<int> perm(static_cast<size_t>(rank));
    std::iota(perm.begin(), perm.end(), 0);
    std::swap(perm[static_cast<size_t>(a1)], perm[static_cast<size_t>(a2)]);
    return Value::array(array::makeTranspose(x, perm, args.loc), args.loc);
}

Value moveaxis(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"source", true}, {"destination", true}});
    NodePtr x = requireArray(b[0], args, "a");
    int rank = x->type.rank();
    auto normalize = [&](const Value &v, const char *what) {
        std::vector<int> axes;
        for (const Value &item : items(v)) {
            int a = axisArgument(item, rank, args, what);
            if (std::find(axes.begin(), axes.end(), a) != axes.end())
                throw UserError(item.loc, fmt::format("repeated axis in `{}` argument", what));
            axes.push_back(a);
        }
        return axes;
    };
    std::vector<int> source = normalize(*b[1], "source");
    std::vector<int> destination = normalize(*b[2], "destination");
    if (source.size() != destination.size())
        throw UserError(args.loc, "`source` and `destination` arguments must have the same "
                                  "number of elements");
    // numpy.moveaxis: the other axes keep their order; moved ones go to their places.
    std::vector<int> perm;
    for (int a = 0; a < rank; ++a)
        if (std::find(source.begin(), source.end(), a) == source.end())
            perm.push_back(a);
    std::vector<std::pair<int, int>> moves;
    for (size_t i = 0; i < source.size(); ++i)
        moves.push_back({destination[i], source[i]});
    std::sort(moves.begin(), moves.end());
    for (const auto &[dest, src] : moves)
        perm.insert(perm.begin() + dest, src);
    return Value::array(array::makeTranspose(x, perm, args.loc), args.loc);
}

// ---- size-1 axes and broadcast_to ---------------------------------------------------

/// The view of `x` with a new size-1 axis at each of `axes` (axes of the result).
NodePtr insertAxes(const NodePtr &x, const std::vector<int> &axes, SourceLoc loc) {
    std::vector<array::ViewEntry> entries;
    int rank = x->type.rank() + static_cast<int>(axes.size());
    for (int a = 0; a < rank; ++a)
        entries.push_back(std::find(axes.begin(), axes.end(), a) != axes.end()
                              ? array::ViewEntry::newAxis()
                              : array::ViewEntry::all());
    if (axes.empty())
        return x;
    return array::makeView(x, std::move(entries), loc);
}

Value expandDims(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"axis", true}});
    NodePtr x = requireArray(b[0], args, "a");
    int rank = x->type.rank() + static_cast<int>(items(*b[1]).size());
    std::vector<int> axes = normalizeAxes(b[1], rank, args);
    return Value::array(insertAxes(x, axes, args.loc), args.loc);
}

Value squeeze(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"axis", false}});
    NodePtr x = requireArray(b[0], args, "a");
    const Shape &shape = x->type.shape;
    std::vector<int> axes;
    std::vector<ExtentCheck> checks;
    static const char *kMessage = "cannot select an axis to squeeze out which has size not "
                                  "equal to one";
    if (!b[1] || b[1]->kind == Value::None) {
        // Without an axis NumPy drops every axis of extent 1; npc knows those only for
        // constant extents (see README, "Differences from NumPy").
        for (int a = 0; a < x->type.rank(); ++a)
            if (dimIsConst(shape[static_cast<size_t>(a)], 1))
                axes.push_back(a);
    } else {
        axes = normalizeAxes(b[1], x->type.rank(), args);
        for (int a : axes) {
            const Dim &d = shape[static_cast<size_t>(a)];
            if (auto c = dimConstValue(d); c && *c != 1)
                throw UserError(b[1]->loc, kMessage);
            if (!dimConstValue(d))
                checks.push_back({d, dimConst(1), false, kMessage});
        }
    }
    if (axes.empty())
        return Value::array(x, args.loc);
    std::vector<array::ViewEntry> entries;
    for (int a = 0; a < x->type.rank(); ++a)
        entries.push_back(std::find(axes.begin(), axes.end(), a) != axes.end()
                              ? array::ViewEntry::at(0)
                              : array::ViewEntry::all());
    NodePtr view = array::makeView(x, std::move(entries), args.loc);
    return Value::array(array::withChecks(view, std::move(checks)), args.loc);
}

/// The extents of np.broadcast_to's shape argument (an int, a tuple of them, or of
/// run-time extents), with NumPy's message for a negative one.
Shape broadcastShape(const Value &v, const CallArgs &args) {
    Shape shape;
    for (const Value &item : items(v))
        shape.push_back(*shapeExtent(item, args, false,
                                     "all elements of broadcast shape must be non-negative"));
    return shape;
}

Value broadcastTo(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"array", true}, {"shape", true}});
    NodePtr x = requireArray(b[0], args, "array");
    if (x->type.weak)
        x = array::makeCast(x, x->type.dtype, args.loc);
    Shape target = broadcastShape(*b[1], args);
    const Shape &in = x->type.shape;
    auto message = [&](std::vector<Dim> *shown) {
        std::string original = array::showShape(in, shown);
        return fmt::format("operands could not be broadcast together with remapped shapes "
                           "[original->remapped]: {}  and requested shape {}",
                           original, array::showShape(target, shown));
    };
    if (in.size() > target.size())
        throw UserError(b[1]->loc,
                        "input operand has more dimensions than allowed by the axis remapping");
    return Value::array(broadcastChecked(x, target, args.loc, message), args.loc);
}

// ---- reshape ------------------------------------------------------------------------

/// Splits extents into a constant product and the symbolic factors (products flattened).
void factorize(const Dim &d, int64_t &constant, std::vector<Dim> &symbolic) {
    if (auto c = dimConstValue(d)) {
        constant *= *c;
        return;
    }
    if (d->kind == DimKind::Product) {
        for (const Dim &f : d->operands)
            factorize(f, constant, symbolic);
        return;
    }
    symbolic.push_back(d);
}

/// numpy.reshape of `x` to `dims` (nullopt: the one -1 extent), in C order.
NodePtr reshapeTo(const NodePtr &x, const std::vector<std::optional<Dim>> &dims, SourceLoc loc) {
    Dim size = dimProduct(x->type.shape);
    std::vector<Dim> known;
    for (const auto &d : dims)
        if (d)
            known.push_back(*d);
    Dim knownSize = dimProduct(known);
    // Cancel the symbolic factors both sides share: (n, 6) -> (n, 2, 3) needs no check.
    int64_t inConst = 1, outConst = 1;
    std::vector<Dim> inSym, outSym;
    factorize(size, inConst, inSym);
    factorize(knownSize, outConst, outSym);
    for (auto it = outSym.begin(); it != outSym.end();) {
        auto match = std::find_if(inSym.begin(), inSym.end(),
                                  [&](const Dim &d) { return dimEqual(d, *it); });
        if (match == inSym.end()) {
            ++it;
            continue;
        }
        inSym.erase(match);
        it = outSym.erase(it);
    }
    auto text = [&](std::vector<Dim> *shown) {
        std::string sizeText = array::showExtent(size, shown); // first: shown in order
        return fmt::format("cannot reshape array of size {} into shape {}", sizeText,
                           shapeText(dims, shown));
    };
    const std::string message = text(nullptr);
    auto check = [&](Dim actual, Dim expected) {
        return shownCheck(std::move(actual), std::move(expected), false, text);
    };
    bool unknown = known.size() != dims.size();
    std::vector<ExtentCheck> checks;
    Shape shape;
    std::optional<Dim> inferred;
    if (unknown) {
        if (outConst == 0 || (inSym.empty() && outSym.empty() && inConst % outConst != 0))
            throw UserError(loc, message);
        if (outSym.empty() && inConst % outConst == 0) {
            std::vector<Dim> factors = inSym;
            factors.push_back(dimConst(inConst / outConst));
            inferred = dimProduct(factors);
        } else {
            inferred = array::dimQuotient(size, knownSize, loc);
            checks.push_back(check(dimProduct({*inferred, knownSize}), size));
        }
        if (!dimConstValue(knownSize)) { // NumPy cannot infer -1 next to a 0 either
            NodePtr known = array::makeDimValue(knownSize, loc);
            NodePtr nonzero =
                array::makeBinary(array::BinaryOp::Minimum, known,
                                  array::makeIntConstant(1, DType::Int64, false, loc), loc);
            checks.push_back(check(dimValue(nonzero, fmt::format("min({}, 1)", dimStr(knownSize))),
                                   dimConst(1)));
        }
    } else if (!inSym.empty() || !outSym.empty() || inConst != outConst) {
        if (dimConstValue(size) && dimConstValue(knownSize))
            throw UserError(loc, message);
        checks.push_back(check(knownSize, size));
    }
    for (const auto &d : dims)
        shape.push_back(d ? *d : *inferred);
    return array::makeReshape(x, std::move(shape), std::move(checks), loc);
}

/// The target of a reshape: extents with at most one -1.
std::vector<std::optional<Dim>> reshapeTarget(const Value &v, const CallArgs &args) {
    std::vector<std::optional<Dim>> dims;
    bool unknown = false;
    for (const Value &item : items(v)) {
        dims.push_back(shapeExtent(item, args, true));
        if (dims.back())
            continue;
        if (unknown)
            throw UserError(item.loc, "can only specify one unknown dimension");
        unknown = true;
    }
    return dims;
}

void requireOrderC(const std::optional<Value> &order, const CallArgs &args) {
    if (order && !(order->kind == Value::String && order->text == "C"))
        throw UserError(order->loc,
                        fmt::format("{}(): only order='C' is supported by npc", args.function));
}

Value reshape(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"shape", false}, {"order", false}, {"newshape", false}});
    NodePtr x = requireArray(b[0], args, "a");
    requireOrderC(b[2], args);
    if (b[1] && b[3])
        throw UserError(b[3]->loc, "You cannot specify 'newshape' and 'shape' arguments at the "
                                   "same time.");
    const std::optional<Value> &shape = b[1] ? b[1] : b[3];
    if (!shape)
        throw UserError(args.loc,
                        fmt::format("{}() missing required argument 'shape'", args.function));
    return Value::array(reshapeTo(x, reshapeTarget(*shape, args), args.loc), args.loc);
}

/// `a.reshape(2, 3)`, `a.reshape((2, 3))`, `a.reshape(-1, order='C')`.
Value reshapeMethod(ExprLowering &lowering, const CallArgs &args) {
    CallArgs packed = args;
    for (size_t k = 0; k < args.keywords.size(); ++k)
        if (args.keywords[k].first != "order" && args.keywords[k].first != "shape")
            throw UserError(args.keywordLocs[k],
                            fmt::format("npc does not support the argument '{}' of {}()",
                                        args.keywords[k].first, args.function));
    if (args.positional.size() > 2)
        packed.positional = {
            args.positional[0],
            tupleOf({args.positional.begin() + 1, args.positional.end()}, args.loc)};
    return reshape(lowering, packed);
}

NodePtr flatten(const NodePtr &x, SourceLoc loc) {
    if (x->type.rank() == 1)
        return x;
    return reshapeTo(x, {dimProduct(x->type.shape)}, loc);
}

Value ravel(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"order", false}});
    requireOrderC(b[1], args);
    return Value::array(flatten(requireArray(b[0], args, "a"), args.loc), args.loc);
}

/// ndarray.flatten(order='C'): always a copy, unlike ravel (a later update of the array
/// does not show through it, and it may be written).
Value flattenCopy(ExprLowering &, const CallArgs &args) {
    auto b = bind(args, {{"a", true}, {"order", false}});
    requireOrderC(b[1], args);
    return Value::array(array::makeCopy(flatten(requireArray(b[0], args, "a"), args.loc), args.loc),
                        args.loc);
}

// ---- joining --------------------------------------------------------------------------

/// The arrays of a sequence argument (a tuple), cast to their NEP 50 common dtype. NumPy
/// makes each an array first (np.asarray), so a Python number is an int64, float64, ...
/// array there (`np.hstack((int8_array, 1))` is int64). With `weakNumbers`, as for
/// np.concatenate with axis=None, a Python number is weak in the common dtype but its
/// array is still cast to it (`np.concatenate((int8_array, 300), axis=None)` is int8, 44).
std::vector<NodePtr> arraySequence(ExprLowering &lowering, const std::optional<Value> &v,
                                   const CallArgs &args, const char *what,
                                   bool weakNumbers = false) {
    if (!v || v->kind != Value::Tuple)
        throw UserError(
            v ? v->loc : args.loc,
            fmt::format("{}() expects a tuple or list of arrays for '{}'", args.function, what));
    if (v->elements.empty())
        throw UserError(v->loc, "need at least one array to concatenate");
    std::vector<NodePtr> parts;
    std::optional<PromotionType> common;
    for (const Value &item : v->elements) {
        if (item.kind != Value::Array)
            throw UserError(item.loc,
                            fmt::format("{}() expects arrays in '{}'", args.function, what));
        NodePtr part = item.node;
        bool weak = part->type.weak;
        if (weak)
            part = lowering.castTo(part, constructorDType(part), item.loc);
        parts.push_back(part);
        PromotionType t{weakNumbers ? item.node->type.dtype : part->type.dtype,
                        weakNumbers && weak};
        common = common ? promote(*common, t) : t;
    }
    for (NodePtr &p : parts)
        p = lowering.castTo(p, common->dtype, args.loc);
    return parts;
}

/// numpy.concatenate of parts of one dtype along `axis` (already normalised), with
/// NumPy's errors for ranks and extents that differ.
NodePtr concat(const std::vector<NodePtr> &parts, int axis, const CallArgs &args) {
    const NodePtr &first = parts.front();
    std::vector<ExtentCheck> checks;
    for (size_t k = 1; k < parts.size(); ++k) {
        const NodePtr &p = parts[k];
        if (p->type.rank() != first->type.rank())
            throw UserError(args.loc, fmt::format("all the input arrays must have same number of "
                                                  "dimensions, but the array at index 0 has {} "
                                                  "dimension(s) and the array at index {} has {} "
                                                  "dimension(s)",
                                                  first->type.rank(), k, p->type.rank()));
        for (int a = 0; a < first->type.rank(); ++a) {
            const Dim &d0 = first->type.shape[static_cast<size_t>(a)];
            const Dim &dk = p->type.shape[static_cast<size_t>(a)];
            if (a == axis || dimEqual(d0, dk))
                continue;
            auto text = [&](std::vector<Dim> *shown) {
                std::string size0 = array::showExtent(d0, shown);
                return fmt::format(
                    "all the input array dimensions except for the concatenation axis must "
                    "match exactly, but along dimension {}, the array at index 0 has size {} and "
                    "the array at index {} has size {}",
                    a, size0, k, array::showExtent(dk, shown));
            };
            if (dimConstValue(d0) && dimConstValue(dk))
                throw UserError(args.loc, text(nullptr));
            checks.push_back(shownCheck(dk, d0, false, text));
        }
    }
    return array::makeConcat(parts, axis, std::move(checks), args.loc);
}

/// numpy.concatenate's join of `parts`: raveled when `flat`, else along `axis` (0 when
/// absent).
Value joinParts(std::vector<NodePtr> parts, bool flat, const std::optional<Value> &axis,
                const CallArgs &args) {
    if (flat) {
        for (NodePtr &p : parts)
            p = flatten(p, args.loc);
        return Value::array(concat(parts, 0, args), args.loc);
    }
    int rank = parts.front()->type.rank();
    if (rank == 0)
        throw UserError(args.loc, "zero-dimensional arrays cannot be concatenated");
    return Value::array(concat(parts, axis ? axisArgument(*axis, rank, args) : 0, args), args.loc);
}

Value concatenate(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"arrays", true}, {"axis", false}});
    bool flat = b[1] && b[1]->kind == Value::None;
    return joinParts(arraySequence(lowering, b[0], args, "arrays", flat), flat, b[1], args);
}

/// numpy.append(arr, values, axis=None), as NumPy defines it: np.concatenate((arr,
/// values), axis) with an axis, else of both raveled. A list or Python number is made an
/// array first (np.asarray: `np.append(int8_array, 300)` is int64).
Value append(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"arr", true}, {"values", true}, {"axis", false}});
    Value both;
    both.kind = Value::Tuple;
    both.loc = args.loc;
    for (size_t i = 0; i < 2; ++i)
        both.elements.push_back(b[i]->kind == Value::Tuple
                                    ? callNumPy(lowering, "numpy.asarray",
                                                CallArgs{"np.asarray", b[i]->loc, {*b[i]}, {}, {}})
                                    : *b[i]);
    return joinParts(arraySequence(lowering, both, args, "arr' and 'values"),
                     !b[2] || b[2]->kind == Value::None, b[2], args);
}

Value stack(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"arrays", true}, {"axis", false}});
    std::vector<NodePtr> parts = arraySequence(lowering, b[0], args, "arrays");
    const Shape &shape = parts.front()->type.shape;
    int axis = b[1] ? axisArgument(*b[1], static_cast<int>(shape.size()) + 1, args) : 0;
    static const char *kMessage = "all input arrays must have the same shape";
    std::vector<ExtentCheck> checks;
    for (NodePtr &p : parts) {
        if (p->type.rank() != static_cast<int>(shape.size()))
            throw UserError(args.loc, kMessage);
        for (size_t a = 0; a < shape.size(); ++a) {
            const Dim &d = p->type.shape[a];
            if (dimEqual(d, shape[a]))
                continue;
            if (dimConstValue(d) && dimConstValue(shape[a]))
                throw UserError(args.loc, kMessage);
            checks.push_back({d, shape[a], false, kMessage});
        }
        p = insertAxes(p, {axis}, args.loc);
    }
    NodePtr joined = array::makeConcat(parts, axis, {}, args.loc);
    return Value::array(array::withChecks(joined, std::move(checks)), args.loc);
}

/// hstack and vstack: each part made at least `minRank`-d (a 1-d array becomes a row),
/// then joined along axis 0 (vstack) or 1 (hstack; 0 for 1-d parts).
Handler stackOf(int minRank) {
    return [minRank](ExprLowering &lowering, const CallArgs &args) {
        auto b = bind(args, {{"tup", true}});
        std::vector<NodePtr> parts = arraySequence(lowering, b[0], args, "tup");
        for (NodePtr &p : parts) {
            std::vector<int> lead;
            for (int a = 0; a < minRank - p->type.rank(); ++a)
                lead.push_back(a);
            p = insertAxes(p, lead, args.loc);
        }
        int axis = minRank == 2 || parts.front()->type.rank() == 1 ? 0 : 1;
        return Value::array(concat(parts, axis, args), args.loc);
    };
}

/// numpy.column_stack(tup): 1-D parts become columns ((n,) to (n, 1); a 0-d part (1, 1)),
/// 2-D parts stay, joined along axis 1.
Value columnStack(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"tup", true}});
    std::vector<NodePtr> parts = arraySequence(lowering, b[0], args, "tup");
    for (NodePtr &p : parts)
        if (p->type.rank() < 2)
            p = insertAxes(p, p->type.rank() == 0 ? std::vector{0, 1} : std::vector{1}, args.loc);
    return Value::array(concat(parts, 1, args), args.loc);
}

/// numpy.dstack(tup): each part made at least 3-D as np.atleast_3d makes it ((n,) to
/// (1, n, 1), (m, n) to (m, n, 1)), joined along axis 2.
Value dstack(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"tup", true}});
    std::vector<NodePtr> parts = arraySequence(lowering, b[0], args, "tup");
    for (NodePtr &p : parts) {
        int r = p->type.rank();
        if (r < 3)
            p = insertAxes(p,
                           r == 0   ? std::vector{0, 1, 2}
                           : r == 1 ? std::vector{0, 2}
                                    : std::vector{2},
                           args.loc);
    }
    return Value::array(concat(parts, 2, args), args.loc);
}

} // namespace

const std::map<std::string, Handler> &shapeFunctions() {
    static const std::map<std::string, Handler> table = {
        {"builtins.len", len},
        {"numpy.transpose", transpose},
        {"numpy.swapaxes", swapaxes},
        {"numpy.moveaxis", moveaxis},
        {"numpy.expand_dims", expandDims},
        {"numpy.squeeze", squeeze},
        {"numpy.broadcast_to", broadcastTo},
        {"numpy.reshape", reshape},
        {"numpy.ravel", ravel},
        {"numpy.concatenate", concatenate},
        {"numpy.append", append},
        {"numpy.stack", stack},
        {"numpy.hstack", stackOf(1)},
        {"numpy.vstack", stackOf(2)},
        {"numpy.dstack", dstack},
        {"numpy.column_stack", columnStack},
        {"ndarray.transpose", transposeMethod},
        {"ndarray.swapaxes", swapaxes},
        {"ndarray.squeeze", squeeze},
        {"ndarray.reshape", reshapeMethod},
        {"ndarray.ravel", ravel},
        {"ndarray.flatten", flattenCopy},
    };
    return table;
}

std::optional<Value> shapeAttribute(const Value &v, const std::string &attr, SourceLoc loc) {
    const NodePtr &x = v.node;
    if (attr == "shape") {
        std::vector<Value> extents;
        for (const Dim &d : x->type.shape)
            extents.push_back(Value::array(extentValue(d, loc), loc));
        return tupleOf(std::move(extents), loc);
    }
    if (attr == "size")
        return Value::array(extentValue(dimProduct(x->type.shape), loc), loc);
    if (attr == "T") {
        std::vector<int> perm(static_cast<size_t>(x->type.rank()));
        std::iota(perm.rbegin(), perm.rend(), 0);
        return Value::array(array::makeTranspose(x, perm, loc), loc);
    }
    if (attr == "dtype") // usable where NumPy takes a dtype (`np.zeros(n, dtype=x.dtype)`)
        return Value{Value::Function, nullptr, "numpy." + std::string(dtypeName(x->type.dtype)), {},
                     "dtype",         loc};
    return std::nullopt;
}

ExtentCheck conditionCheck(const NodePtr &fails, std::string text, std::string message) {
    NodePtr value = array::makeCast(fails, DType::Int64, fails->loc);
    return {dimValue(value, std::move(text)), dimConst(0), false, std::move(message)};
}

ExtentCheck shownCheck(Dim actual, Dim expected, bool orOne, const ShownMessage &message,
                       std::string exception) {
    ExtentCheck c{std::move(actual), std::move(expected), orOne, "", std::move(exception)};
    c.message = message(&c.shown);
    return c;
}

NodePtr broadcastChecked(const NodePtr &v, const Shape &target, SourceLoc loc,
                         const ShownMessage &message) {
    std::vector<ExtentCheck> checks;
    size_t lead = target.size() - static_cast<size_t>(v->type.rank());
    for (size_t a = 0; a < v->type.shape.size(); ++a) {
        const Dim &from = v->type.shape[a], &to = target[a + lead];
        if (dimEqual(from, to) || dimIsConst(from, 1))
            continue;
        if (dimConstValue(from) && dimConstValue(to))
            throw UserError(loc, message(nullptr));
        checks.push_back(shownCheck(from, to, true, message));
    }
    NodePtr b = array::makeBroadcast(v, target, loc);
    return checks.empty() ? b : array::withChecks(b, std::move(checks));
}

} // namespace npc::lowering
