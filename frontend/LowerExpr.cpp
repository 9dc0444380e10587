// Lowering of Python expressions to array IR: names, literals, operators (with NEP 50
// promotion and broadcasting), comparisons and basic indexing.
#include "frontend/LowerContext.h"
#include "ir/Promotion.h"

#include <algorithm>
#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::UnaryOp;

std::string_view kindName(Value::Kind k) {
    switch (k) {
    case Value::Array: return "an array";
    case Value::Module: return "a module";
    case Value::Function: return "a function";
    case Value::None: return "None";
    case Value::Ellipsis: return "Ellipsis";
    case Value::Tuple: return "a tuple";
    case Value::String: return "a string";
    }
    return "?";
}

bool isWeakIntConstant(const NodePtr &n) {
    return n->kind == array::NodeKind::Constant && n->type.weak && !isInexact(n->type.dtype);
}

/// An integer written as a literal, possibly negated: `3`, `-1`.
std::optional<int64_t> literalInt(const syntax::Expr &e) {
    if (auto *i = e.as<syntax::IntLiteral>())
        return i->value;
    if (auto *u = e.as<syntax::Unary>(); u && u->op == syntax::UnaryOp::Neg)
        if (auto v = literalInt(*u->operand))
            return -*v;
    return std::nullopt;
}

} // namespace

std::string displayName(const std::string &q) {
    if (q.rfind("numpy.", 0) == 0)
        return "np." + q.substr(6);
    if (q.rfind("ndarray.", 0) == 0)
        return "ndarray." + q.substr(8);
    return q;
}

Shape broadcastShapes(const Shape &a, const Shape &b, SourceLoc loc) {
    size_t rank = std::max(a.size(), b.size());
    Shape out(rank);
    for (size_t i = 0; i < rank; ++i) {
        const Dim *da = i < a.size() ? &a[a.size() - 1 - i] : nullptr;
        const Dim *db = i < b.size() ? &b[b.size() - 1 - i] : nullptr;
        Dim d = !da ? *db : !db ? *da : Dim();
        if (da && db) {
            try {
                d = dimBroadcast(*da, *db, loc);
            } catch (const UserError &) {
                throw UserError(loc, fmt::format("operands could not be broadcast together with "
                                                 "shapes {} {}",
                                                 shapeStr(a), shapeStr(b)));
            }
        }
        out[rank - 1 - i] = d;
    }
    return out;
}

NodePtr ExprLowering::castTo(const NodePtr &v, DType dtype, SourceLoc loc) {
    if (isWeakIntConstant(v) && (isInteger(dtype) || isBool(dtype)) && !isBool(v->type.dtype)) {
        int64_t x = v->intValue;
        bool fits = isUnsignedInteger(dtype)
                        ? x >= 0 && static_cast<uint64_t>(x) <= integerMax(dtype)
                        : x >= integerMin(dtype) && static_cast<uint64_t>(std::max<int64_t>(x, 0)) <= integerMax(dtype);
        if (!fits)
            throw UserError(v->loc, fmt::format("Python integer {} out of bounds for {}", x,
                                                dtypeName(dtype)));
        return array::makeIntConstant(x, dtype, false, v->loc);
    }
    if (v->kind == array::NodeKind::Constant && v->type.weak && isFloat(dtype)) {
        double x = isFloat(v->type.dtype) ? v->floatValue : static_cast<double>(v->intValue);
        return array::makeFloatConstant(x, dtype, false, v->loc);
    }
    NodePtr cast = array::makeCast(v, dtype, loc);
    if (v->kind != array::NodeKind::Param || !v->type.weak || !isInteger(v->type.dtype) ||
        !isInteger(dtype) || dtype == DType::Int64)
        return cast;
    array::Node checked = *cast;
    checked.rangeChecked = true;
    return std::make_shared<const array::Node>(std::move(checked));
}

namespace {

/// A comparison between an integer array and a Python int whose outcome the dtype's range
/// already decides (`uint8_array < 300`, `uint8_array >= 0`): NumPy 2 compares such values
/// exactly (no OverflowError), and emitting the comparison would draw -Wtype-limits.
std::optional<bool> decidedByRange(BinaryOp op, const NodePtr &x, const NodePtr &c) {
    if (!array::isComparison(op) || !isInteger(x->type.dtype) || x->type.weak ||
        !isWeakIntConstant(c))
        return std::nullopt;
    // Work in long double: exact for every int64 and uint64 bound.
    long double lo = static_cast<long double>(integerMin(x->type.dtype));
    long double hi = static_cast<long double>(integerMax(x->type.dtype));
    long double v = static_cast<long double>(c->intValue);
    switch (op) {
    case BinaryOp::Less: return hi < v ? std::optional(true) : lo >= v ? std::optional(false) : std::nullopt;
    case BinaryOp::LessEqual: return hi <= v ? std::optional(true) : lo > v ? std::optional(false) : std::nullopt;
    case BinaryOp::Greater: return lo > v ? std::optional(true) : hi <= v ? std::optional(false) : std::nullopt;
    case BinaryOp::GreaterEqual: return lo >= v ? std::optional(true) : hi < v ? std::optional(false) : std::nullopt;
    case BinaryOp::Equal: return v < lo || v > hi ? std::optional(false) : std::nullopt;
    case BinaryOp::NotEqual: return v < lo || v > hi ? std::optional(true) : std::nullopt;
    default: return std::nullopt;
    }
}

BinaryOp mirrored(BinaryOp op) {
    switch (op) {
    case BinaryOp::Less: return BinaryOp::Greater;
    case BinaryOp::LessEqual: return BinaryOp::GreaterEqual;
    case BinaryOp::Greater: return BinaryOp::Less;
    case BinaryOp::GreaterEqual: return BinaryOp::LessEqual;
    default: return op;
    }
}

} // namespace

NodePtr ExprLowering::binary(BinaryOp op, NodePtr a, NodePtr b, SourceLoc loc) {
    std::optional<bool> decided = decidedByRange(op, a, b);
    if (!decided)
        decided = decidedByRange(mirrored(op), b, a);
    if (decided) {
        Shape shape = broadcastShapes(a->type.shape, b->type.shape, loc);
        return array::makeBroadcast(array::makeIntConstant(*decided, DType::Bool, false, loc),
                                    shape, loc);
    }
    PromotionType pt = promote({a->type.dtype, a->type.weak}, {b->type.dtype, b->type.weak});
    DType dtype = pt.dtype;
    if (isComplex(dtype))
        throw UserError(loc, "complex numbers are not supported yet");
    if (op == BinaryOp::TrueDivide && !isInexact(dtype))
        dtype = DType::Float64;
    if (isBool(dtype) && (op == BinaryOp::Subtract || op == BinaryOp::TrueDivide ||
                          op == BinaryOp::Power || op == BinaryOp::FloorDivide ||
                          op == BinaryOp::Remainder)) {
        if (op != BinaryOp::TrueDivide)
            throw UserError(loc, fmt::format("numpy boolean {} is not supported; cast to an "
                                             "integer dtype first",
                                             array::binaryOpName(op)));
    }
    Shape shape = broadcastShapes(a->type.shape, b->type.shape, loc);
    a = array::makeBroadcast(castTo(a, dtype, loc), shape, loc);
    b = array::makeBroadcast(castTo(b, dtype, loc), shape, loc);
    NodePtr result = array::makeBinary(op, a, b, loc);
    if (!pt.weak || array::isComparison(op))
        return result;
    // Both operands were Python scalars: the result stays a Python scalar (weak).
    array::Node weakResult = *result;
    weakResult.type.weak = true;
    return std::make_shared<const array::Node>(std::move(weakResult));
}

NodePtr ExprLowering::unary(UnaryOp op, NodePtr a, SourceLoc loc) {
    DType in = a->type.dtype;
    if (isComplex(in))
        throw UserError(loc, "complex numbers are not supported yet");
    switch (op) {
    case UnaryOp::Negative:
        if (isBool(in))
            throw UserError(loc, "the numpy boolean negative, the `-` operator, is not "
                                 "supported; use `~` or np.logical_not instead");
        [[fallthrough]];
    case UnaryOp::Absolute:
        if (a->kind == array::NodeKind::Constant && a->type.weak && op == UnaryOp::Negative) {
            if (isFloat(in))
                return array::makeFloatConstant(-a->floatValue, in, true, loc);
            return array::makeIntConstant(-a->intValue, in, true, loc);
        }
        return array::makeUnary(op, a, in, loc);
    case UnaryOp::LogicalNot:
        return array::makeUnary(op, a, DType::Bool, loc);
    case UnaryOp::Sqrt:
    case UnaryOp::Exp:
    case UnaryOp::Log:
        break;
    }
    // NumPy's loop selection for float ufuncs on integers: the smallest float that
    // holds the input exactly (bool/int8/uint8 -> float16, int16/uint16 -> float32).
    DType out = in;
    if (!isInexact(in)) {
        if (itemSize(in) == 1)
            throw UserError(loc, fmt::format("np.{} of {} produces float16, which npc does not "
                                             "support; convert the input to float32 first",
                                             array::unaryOpName(op), dtypeName(in)));
        out = itemSize(in) == 2 ? DType::Float32 : DType::Float64;
    }
    return array::makeUnary(op, castTo(a, out, loc), out, loc);
}

NodePtr ExprLowering::lowerArray(const syntax::Expr &e) {
    Value v = lower(e);
    if (v.kind != Value::Array)
        throw UserError(e.loc, fmt::format("expected an array or a number here, got {}",
                                           kindName(v.kind)));
    return v.node;
}

Value ExprLowering::lower(const syntax::Expr &e) {
    using namespace syntax;
    if (auto *n = e.as<Name>())
        return lowerName(e, *n);
    if (auto *i = e.as<IntLiteral>())
        return Value::array(array::makeIntConstant(i->value, DType::Int64, true, e.loc), e.loc);
    if (auto *f = e.as<FloatLiteral>())
        return Value::array(array::makeFloatConstant(f->value, DType::Float64, true, e.loc), e.loc);
    if (auto *b = e.as<BoolLiteral>())
        return Value::array(array::makeIntConstant(b->value, DType::Bool, false, e.loc), e.loc);
    if (e.as<ImagLiteral>())
        throw UserError(e.loc, "complex numbers are not supported yet");
    if (e.as<NoneLiteral>())
        return Value{Value::None, nullptr, {}, {}, {}, e.loc};
    if (e.as<EllipsisLiteral>())
        return Value{Value::Ellipsis, nullptr, {}, {}, {}, e.loc};
    if (auto *s = e.as<StringLiteral>())
        return Value{Value::String, nullptr, {}, {}, s->value, e.loc};
    if (auto *a = e.as<Attribute>())
        return lowerAttribute(e, *a);
    if (auto *c = e.as<Call>())
        return lowerCall(e, *c);
    if (auto *s = e.as<Subscript>())
        return lowerSubscript(e, *s);
    if (auto *b = e.as<Binary>())
        return lowerBinary(e, *b);
    if (auto *u = e.as<Unary>())
        return lowerUnary(e, *u);
    if (auto *c = e.as<Compare>())
        return lowerCompare(e, *c);
    if (auto *t = e.as<syntax::Tuple>()) {
        Value v{Value::Tuple, nullptr, {}, {}, {}, e.loc};
        for (const ExprPtr &el : t->elements)
            v.elements.push_back(lower(*el));
        return v;
    }
    if (e.as<Slice>())
        throw UserError(e.loc, "a slice is only allowed inside brackets");
    if (e.as<List>())
        throw UserError(e.loc, "list literals are not supported yet");
    if (e.as<BoolOperation>())
        throw UserError(e.loc, "'and'/'or' are not supported yet; use np.logical_and/"
                               "np.logical_or on arrays");
    if (e.as<IfExp>())
        throw UserError(e.loc, "conditional expressions are not supported yet; use np.where");
    NPC_INTERNAL_ERROR("unhandled syntax node in expression lowering");
}

Value ExprLowering::lowerName(const syntax::Expr &e, const syntax::Name &n) {
    auto it = env_.find(n.id);
    if (it == env_.end())
        throw UserError(e.loc, fmt::format("name '{}' is not defined", n.id));
    Value v = it->second;
    v.loc = e.loc;
    return v;
}

Value ExprLowering::lowerAttribute(const syntax::Expr &e, const syntax::Attribute &a) {
    Value base = lower(*a.value);
    if (base.kind == Value::Module)
        return moduleMember(base, a.attr, e.loc);
    if (base.kind == Value::Array)
        return arrayAttribute(*this, base, a.attr, a.attrLoc);
    throw UserError(a.attrLoc, fmt::format("{} has no attribute '{}'", kindName(base.kind), a.attr));
}

Value ExprLowering::lowerCall(const syntax::Expr &e, const syntax::Call &c) {
    CallArgs args;
    args.loc = e.loc;
    for (const syntax::ExprPtr &a : c.args)
        args.positional.push_back(lower(*a));
    for (const syntax::Keyword &k : c.keywords) {
        args.keywords.emplace_back(k.name, lower(*k.value));
        args.keywordLocs.push_back(k.loc);
    }
    // Method call on an array: `x.sum(axis=0)`.
    if (auto *attr = c.func->as<syntax::Attribute>()) {
        Value base = lower(*attr->value);
        if (base.kind == Value::Array) {
            args.function = "ndarray." + attr->attr;
            args.positional.insert(args.positional.begin(), base);
            return callNumPy(*this, "ndarray." + attr->attr, std::move(args));
        }
    }
    Value callee = lower(*c.func);
    if (callee.kind != Value::Function)
        throw UserError(c.func->loc, fmt::format("{} is not callable", kindName(callee.kind)));
    args.function = displayName(callee.qualifiedName);
    return callNumPy(*this, callee.qualifiedName, std::move(args));
}

Value ExprLowering::lowerBinary(const syntax::Expr &e, const syntax::Binary &b) {
    using syntax::BinaryOp;
    static const std::map<BinaryOp, array::BinaryOp> kOps = {
        {BinaryOp::Add, array::BinaryOp::Add},
        {BinaryOp::Sub, array::BinaryOp::Subtract},
        {BinaryOp::Mul, array::BinaryOp::Multiply},
        {BinaryOp::Div, array::BinaryOp::TrueDivide},
        {BinaryOp::FloorDiv, array::BinaryOp::FloorDivide},
        {BinaryOp::Mod, array::BinaryOp::Remainder},
        {BinaryOp::Pow, array::BinaryOp::Power},
    };
    auto it = kOps.find(b.op);
    if (it == kOps.end())
        throw UserError(e.loc, "this operator is not supported yet (supported: + - * / // % **)");
    NodePtr lhs = lowerArray(*b.lhs);
    NodePtr rhs = lowerArray(*b.rhs);
    return Value::array(binary(it->second, lhs, rhs, e.loc), e.loc);
}

Value ExprLowering::lowerUnary(const syntax::Expr &e, const syntax::Unary &u) {
    NodePtr v = lowerArray(*u.operand);
    switch (u.op) {
    case syntax::UnaryOp::Pos:
        return Value::array(v, e.loc);
    case syntax::UnaryOp::Neg:
        return Value::array(unary(UnaryOp::Negative, v, e.loc), e.loc);
    case syntax::UnaryOp::Not:
    case syntax::UnaryOp::Invert:
        if (!isBool(v->type.dtype))
            throw UserError(e.loc, "'not' and '~' are supported on bool values only for now");
        return Value::array(unary(UnaryOp::LogicalNot, v, e.loc), e.loc);
    }
    NPC_INTERNAL_ERROR("unhandled unary operator");
}

Value ExprLowering::lowerCompare(const syntax::Expr &e, const syntax::Compare &c) {
    using syntax::CompareOp;
    if (c.ops.size() != 1)
        throw UserError(e.loc, "chained comparisons are not supported yet");
    static const std::map<CompareOp, array::BinaryOp> kOps = {
        {CompareOp::Lt, array::BinaryOp::Less},      {CompareOp::Le, array::BinaryOp::LessEqual},
        {CompareOp::Gt, array::BinaryOp::Greater},   {CompareOp::Ge, array::BinaryOp::GreaterEqual},
        {CompareOp::Eq, array::BinaryOp::Equal},     {CompareOp::Ne, array::BinaryOp::NotEqual},
    };
    auto it = kOps.find(c.ops[0]);
    if (it == kOps.end())
        throw UserError(e.loc, "'is' and 'in' comparisons are not supported");
    NodePtr lhs = lowerArray(*c.operands[0]);
    NodePtr rhs = lowerArray(*c.operands[1]);
    return Value::array(binary(it->second, lhs, rhs, e.loc), e.loc);
}

Value ExprLowering::lowerSubscript(const syntax::Expr &e, const syntax::Subscript &s) {
    NodePtr base = lowerArray(*s.value);
    int rank = base->type.rank();
    auto bound = [](const syntax::ExprPtr &b, const char *what) -> std::optional<int64_t> {
        if (!b || b->as<syntax::NoneLiteral>())
            return std::nullopt;
        if (auto v = literalInt(*b))
            return v;
        throw UserError(b->loc, fmt::format("slice {} must be an integer literal for now", what));
    };
    // Classify each index first: `None` may be spelled np.newaxis, so names are evaluated.
    enum class Kind { Slice, Index, NewAxis, Ellipsis };
    std::vector<std::pair<Kind, array::ViewEntry>> items;
    int consumed = 0;
    for (const syntax::ExprPtr &idx : s.indices) {
        array::ViewEntry entry;
        if (auto *sl = idx->as<syntax::Slice>()) {
            entry.start = bound(sl->lower, "start");
            entry.stop = bound(sl->upper, "stop");
            entry.step = bound(sl->step, "step").value_or(1);
            if (entry.step == 0)
                throw UserError(sl->step->loc, "slice step cannot be zero");
            items.push_back({Kind::Slice, entry});
            ++consumed;
            continue;
        }
        if (auto v = literalInt(*idx)) {
            entry.kind = array::ViewEntry::Index;
            entry.index = *v;
            items.push_back({Kind::Index, entry});
            ++consumed;
            continue;
        }
        Value v = lower(*idx);
        if (v.kind == Value::None) {
            entry.kind = array::ViewEntry::NewAxis;
            items.push_back({Kind::NewAxis, entry});
            continue;
        }
        if (v.kind == Value::Ellipsis) {
            if (std::any_of(items.begin(), items.end(),
                            [](const auto &item) { return item.first == Kind::Ellipsis; }))
                throw UserError(idx->loc, "an index can only have a single ellipsis ('...')");
            items.push_back({Kind::Ellipsis, entry});
            continue;
        }
        throw UserError(idx->loc, "only integer literals, slices, None and ... are supported "
                                  "as indices for now");
    }
    if (consumed > rank)
        throw UserError(e.loc, fmt::format("too many indices for array: array is {}-dimensional, "
                                           "but {} were indexed",
                                           rank, consumed));
    std::vector<array::ViewEntry> entries;
    bool sawEllipsis = false;
    for (const auto &[kind, entry] : items) {
        if (kind != Kind::Ellipsis) {
            entries.push_back(entry);
            continue;
        }
        sawEllipsis = true;
        for (int i = 0; i < rank - consumed; ++i)
            entries.push_back(array::ViewEntry{});
    }
    if (!sawEllipsis)
        for (int i = consumed; i < rank; ++i)
            entries.push_back(array::ViewEntry{});
    return Value::array(array::makeView(base, std::move(entries), e.loc), e.loc);
}

} // namespace npc::lowering
