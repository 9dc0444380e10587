// Lowering of Python expressions to array IR: names, literals, operators, comparisons
// (chained ones too) and basic indexing. The ufuncs they map to, with NEP 50 promotion and
// broadcasting, are in LowerUfuncs.cpp.
#include "frontend/LowerContext.h"
#include "frontend/PythonChecks.h"
#include "frontend/PythonInts.h"
#include "ir/Promotion.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <set>

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
    case Value::Unbound: return "unbound";
    case Value::Limits: return "a finfo or iinfo object";
    }
    return "?";
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

/// An element of a tuple by an integer literal index (negative counts from the end).
/// Python's `tuple[start:stop:step]` with literal (or absent) bounds: `x.shape[1:]`.
Value tupleSlice(const Value &tuple, const syntax::Slice &slice, SourceLoc loc) {
    auto bound = [&](const syntax::ExprPtr &b) -> std::optional<int64_t> {
        if (!b || b->as<syntax::NoneLiteral>())
            return std::nullopt;
        if (auto v = literalInt(*b))
            return v;
        throw UserError(b->loc, "a tuple can only be sliced with integer literals");
    };
    auto n = static_cast<int64_t>(tuple.elements.size());
    std::optional<int64_t> start = bound(slice.lower), stop = bound(slice.upper);
    int64_t step = bound(slice.step).value_or(1);
    if (step == 0)
        throw UserError(slice.step->loc, "slice step cannot be zero");
    // Python's PySlice_AdjustIndices.
    auto clamp = [&](std::optional<int64_t> b, int64_t absent) {
        if (!b)
            return absent;
        int64_t i = *b < 0 ? *b + n : *b;
        return step > 0 ? std::clamp<int64_t>(i, 0, n) : std::clamp<int64_t>(i, -1, n - 1);
    };
    int64_t i = clamp(start, step > 0 ? 0 : n - 1);
    int64_t end = clamp(stop, step > 0 ? n : -1);
    Value out{Value::Tuple, nullptr, {}, {}, tuple.text, loc};
    for (; step > 0 ? i < end : i > end; i += step)
        out.elements.push_back(tuple.elements[static_cast<size_t>(i)]);
    return out;
}

Value tupleItem(const Value &tuple, const syntax::Subscript &s, SourceLoc loc) {
    if (s.indices.size() == 1)
        if (const auto *slice = s.indices[0]->as<syntax::Slice>())
            return tupleSlice(tuple, *slice, loc);
    std::optional<int64_t> i = s.indices.size() == 1 ? literalInt(*s.indices[0]) : std::nullopt;
    if (!i)
        throw UserError(loc, "a tuple can only be indexed by an integer literal or sliced");
    auto n = static_cast<int64_t>(tuple.elements.size());
    if (*i < -n || *i >= n)
        throw UserError(s.indices[0]->loc, "tuple index out of range");
    Value v = tuple.elements[static_cast<size_t>(*i < 0 ? *i + n : *i)];
    v.loc = loc;
    return v;
}

/// Python's TypeError for `left + right` where `left` is a tuple or list and `right` is
/// not one of the same kind. An array on the right would make NumPy convert the tuple to
/// an array; npc asks for np.array instead.
std::string tupleConcatenationError(const Value &left, const Value &right) {
    std::string sequence = left.text == "list" ? "list" : "tuple";
    if (right.kind == Value::Array && !right.node->type.weak)
        return fmt::format("npc does not add a {0} to an array; write np.array({0}) for "
                           "NumPy's elementwise sum",
                           sequence);
    std::string other = right.kind == Value::Tuple ? (right.text == "list" ? "list" : "tuple")
                                                   : std::string(kindName(right.kind));
    if (right.kind == Value::Array) {
        DType t = right.node->type.dtype;
        other = isBool(t) ? "bool" : isInteger(t) ? "int" : isFloat(t) ? "float" : "complex";
    }
    return fmt::format("can only concatenate {0} (not \"{1}\") to {0}", sequence, other);
}

} // namespace

bool isWeakIntConstant(const NodePtr &n) {
    return n->kind == array::NodeKind::Constant && n->type.weak && isInteger(n->type.dtype);
}

bool isPythonScalar(const NodePtr &n) { return n->type.weak && n->type.rank() == 0; }

bool isPythonBool(const NodePtr &n) { return isPythonScalar(n) && isBool(n->type.dtype); }

NodePtr pythonBoolAsInt(const NodePtr &n, SourceLoc loc) {
    return isPythonBool(n) ? array::makeCast(n, DType::Int64, true, loc) : n;
}

NodePtr asPythonScalar(const NodePtr &n) {
    NPC_ASSERT(n->type.rank() == 0, "a Python scalar of rank > 0");
    if (n->type.weak)
        return n;
    if (n->kind == array::NodeKind::Param || n->kind == array::NodeKind::Var)
        return array::makeCast(n, n->type.dtype, true, n->loc);
    array::Node copy = *n;
    copy.type.weak = true;
    return std::make_shared<const array::Node>(std::move(copy));
}

NodePtr asPythonBool(const NodePtr &n) {
    NPC_ASSERT(isBool(n->type.dtype), "a Python bool of another dtype");
    return asPythonScalar(n);
}

PromotionType joinTypes(PromotionType a, PromotionType b) {
    if (a.weak && b.weak && isBool(a.dtype) && isBool(b.dtype))
        return {DType::Bool, true};
    if (a.weak && b.weak) { // a Python bool with a Python number is the int it is
        if (isBool(a.dtype))
            a.dtype = DType::Int64;
        if (isBool(b.dtype))
            b.dtype = DType::Int64;
    }
    return promote(a, b);
}

std::string displayName(const std::string &q) {
    if (q.rfind("numpy.", 0) == 0)
        return "np." + q.substr(6);
    if (q.rfind("ndarray.", 0) == 0)
        return "ndarray." + q.substr(8);
    if (q.rfind("builtins.", 0) == 0) // Python's builtins: `min`, `int`
        return q.substr(9);
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

void requireFits(int64_t x, DType dtype, SourceLoc loc) {
    if (!fitsInteger(x, dtype))
        throw UserError(loc,
                        fmt::format("Python integer {} out of bounds for {}", x, dtypeName(dtype)));
}

namespace {} // namespace

SourceLoc valueLoc(const NodePtr &v, SourceLoc loc) {
    bool inside = v->loc.begin >= loc.begin && v->loc.end <= loc.end;
    return inside || !loc.valid() ? v->loc : loc;
}

NodePtr ExprLowering::castTo(const NodePtr &v, DType dtype, SourceLoc loc) {
    if (isWeakIntConstant(v) && isBool(dtype) && !isBool(v->type.dtype)) // truthiness
        return array::makeIntConstant(v->intValue != 0, dtype, false, v->loc);
    if (isWeakIntConstant(v) && isInteger(dtype) && !isBool(v->type.dtype)) {
        requireFits(v->intValue, dtype, valueLoc(v, loc));
        return array::makeIntConstant(v->intValue, dtype, false, v->loc);
    }
    if (v->kind == array::NodeKind::Constant && v->type.weak && isComplex(dtype)) {
        double re = isInexact(v->type.dtype) ? v->floatValue : static_cast<double>(v->intValue);
        return array::makeComplexConstant(re, v->imagValue, dtype, false, v->loc);
    }
    if (v->kind == array::NodeKind::Constant && v->type.weak && isFloat(dtype)) {
        double x = isFloat(v->type.dtype) ? v->floatValue : static_cast<double>(v->intValue);
        return array::makeFloatConstant(x, dtype, false, v->loc);
    }
    if (v->kind != array::NodeKind::Param || !v->type.weak || !isInteger(v->type.dtype) ||
        !isInteger(dtype) || dtype == DType::Int64)
        return array::makeCast(v, dtype, loc);
    return rangeCheckedCast(v, dtype, loc);
}

NodePtr ExprLowering::rangeCheckedCast(const NodePtr &v, DType dtype, SourceLoc loc) {
    array::Node checked = *array::makeCast(v, dtype, loc);
    checked.rangeChecked = true;
    return std::make_shared<const array::Node>(std::move(checked));
}

NodePtr ExprLowering::throughPythonInt(const NodePtr &v, DType dtype, SourceLoc loc) {
    NPC_ASSERT(v->type.rank() == 0 && isInteger(dtype),
               "conversion through int() of an array or to a non-integer dtype");
    NodePtr x = v->kind == array::NodeKind::Param || v->kind == array::NodeKind::Var ||
                        v->kind == array::NodeKind::DimValue
                    ? v
                    : materialized(v, loc);
    DType from = isFloat(v->type.dtype)           ? DType::Float64
                 : v->type.dtype == DType::UInt64 ? DType::UInt64
                                                  : DType::Int64;
    return rangeCheckedCast(array::makeCast(x, from, loc), dtype, loc);
}

NodePtr ExprLowering::pythonNumberTo(const NodePtr &v, DType dtype, SourceLoc loc) {
    const array::Type &t = v->type;
    // Constants are checked when lowered (requireConvertible), int arguments by castTo, and
    // ints need no check into int64.
    if (!t.weak || t.rank() != 0 || v->kind == array::NodeKind::Constant || !isInteger(dtype) ||
        isBool(t.dtype) || isComplex(t.dtype) ||
        (isInteger(t.dtype) && (dtype == DType::Int64 || v->kind == array::NodeKind::Param)))
        return castTo(v, dtype, loc);
    return throughPythonInt(v, dtype, loc);
}

void requireConvertible(const NodePtr &v, DType dtype, SourceLoc loc) {
    loc = valueLoc(v, loc);
    if (v->kind != array::NodeKind::Constant || !v->type.weak || !isInteger(dtype))
        return;
    if (!isFloat(v->type.dtype)) {
        if (!isBool(v->type.dtype))
            requireFits(v->intValue, dtype, loc);
        return;
    }
    requireIntConvertible(v->floatValue, dtype, loc);
}

void requireNotPythonComplex(const NodePtr &v, DType dtype, SourceLoc loc) {
    // Python's float() and int() refuse a complex (bool() takes it).
    if (v->type.weak && v->type.rank() == 0 && isComplex(v->type.dtype) &&
        (isFloat(dtype) || isInteger(dtype)))
        throw UserError(valueLoc(v, loc),
                        isFloat(dtype) ? "float() argument must be a string or a real number, "
                                         "not 'complex'"
                                       : "int() argument must be a string, a bytes-like object "
                                         "or a real number, not 'complex'");
}

void requireIntConvertible(double x, DType dtype, SourceLoc loc) {
    if (std::isnan(x))
        throw UserError(loc, "cannot convert float NaN to integer");
    if (std::isinf(x))
        throw UserError(loc, "cannot convert float infinity to integer");
    double whole = std::trunc(x);
    if (dtype == DType::UInt64 && whole >= 0x1p63 && whole < 0x1p64) // beyond int64
        return;
    if (whole < -0x1p63 || whole >= 0x1p63)
        throw UserError(loc, "Python int too large to convert to C long");
    requireFits(static_cast<int64_t>(whole), dtype, loc);
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
    if (e.as<Binary>() || e.as<Unary>()) // `2**63 - 1`: Python's value, exactly
        if (std::optional<int64_t> v = exactLiteralInt(e))
            return Value::array(array::makeIntConstant(*v, DType::Int64, true, e.loc), e.loc);
    if (auto *f = e.as<FloatLiteral>())
        return Value::array(array::makeFloatConstant(f->value, DType::Float64, true, e.loc), e.loc);
    if (auto *b = e.as<BoolLiteral>())
        return Value::array(array::makeIntConstant(b->value, DType::Bool, true, e.loc), e.loc);
    if (auto *j = e.as<ImagLiteral>()) // `2.5j`: a Python complex, weak under NEP 50
        return Value::array(array::makeComplexConstant(0, j->value, DType::Complex128, true, e.loc),
                            e.loc);
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
    if (auto *l = e.as<List>()) {
        // A list literal is a sequence argument (np.array([...]), np.concatenate([a, b]),
        // shapes); npc has no mutable lists, so it is a tuple marked as written.
        Value v{Value::Tuple, nullptr, {}, {}, "list", e.loc};
        for (const ExprPtr &el : l->elements)
            v.elements.push_back(lower(*el));
        return v;
    }
    if (auto *b = e.as<BoolOperation>()) {
        // Python's `and`/`or` on bools (comparisons, flags), short-circuiting: the right
        // side is evaluated only when the left one does not decide. In a truth test
        // (`if a[i] and b:`) a number counts as its truth value.
        bool truth = std::exchange(truthTest_, false);
        const char *op = b->op == BoolOp::And ? "and" : "or";
        auto boolOperand = [&](const ExprPtr &operand) {
            truthTest_ = truth && operand->as<BoolOperation>();
            NodePtr v = lowerArray(*operand);
            truthTest_ = false;
            if (v->type.rank() == 0 && !isBool(v->type.dtype) && truth)
                return binary(array::BinaryOp::NotEqual, v,
                              array::makeIntConstant(0, DType::Int64, true, operand->loc),
                              operand->loc);
            if (v->type.rank() != 0)
                throw UserError(e.loc, fmt::format("npc supports '{0}' on scalars only; use "
                                                   "np.logical_{0} for arrays",
                                                   op));
            if (!isBool(v->type.dtype))
                throw UserError(e.loc,
                                fmt::format("npc supports '{0}' on numbers in an 'if' or "
                                            "'while' condition only, where their truth value "
                                            "counts; elsewhere it needs bools (Python's '{0}' "
                                            "would give one of the numbers): compare, e.g. "
                                            "'x != 0'",
                                            op));
            return v;
        };
        std::function<NodePtr(size_t)> chain = [&](size_t i) -> NodePtr {
            NodePtr first = boolOperand(b->operands[i]);
            if (i + 1 == b->operands.size())
                return first;
            bool isAnd = b->op == BoolOp::And;
            if (!conditional_)
                return binary(isAnd ? array::BinaryOp::LogicalAnd : array::BinaryOp::LogicalOr,
                              first, chain(i + 1), e.loc);
            // What decides is `first` itself: a Python bool when `first` is one.
            NodePtr decided =
                array::makeIntConstant(isAnd ? 0 : 1, DType::Bool, isPythonBool(first), e.loc);
            auto rest = [&, i] { return chain(i + 1); };
            auto stop = [&] { return decided; };
            return isAnd ? conditional_(first, rest, stop, e.loc) : conditional_(first, stop, rest, e.loc);
        };
        return Value::array(chain(0), e.loc);
    }
    if (auto *c = e.as<IfExp>()) {
        // `a if cond else b`: only the branch taken is evaluated; the result dtype is the
        // promotion of both (NEP 50).
        NodePtr cond = condition(*c->test);
        if (conditional_)
            return Value::array(conditional_(cond, [&] { return lowerArray(*c->body); },
                                             [&] { return lowerArray(*c->orelse); }, e.loc),
                                e.loc);
        NodePtr a = lowerArray(*c->body), b = lowerArray(*c->orelse);
        return callNumPy(*this, "numpy.where",
                         CallArgs{"a if cond else b", e.loc,
                                  {Value::array(cond, c->test->loc), Value::array(a, c->body->loc),
                                   Value::array(b, c->orelse->loc)},
                                  {}, {}});
    }
    NPC_INTERNAL_ERROR("unhandled syntax node in expression lowering");
}

NodePtr ExprLowering::condition(const syntax::Expr &test) {
    truthTest_ = test.as<syntax::BoolOperation>() != nullptr;
    NodePtr c = oneElement(lowerArray(test), test.loc);
    if (!isBool(c->type.dtype)) // Python truthiness: non-zero
        c = binary(array::BinaryOp::NotEqual, c,
                   array::makeIntConstant(0, DType::Int64, true, test.loc), test.loc);
    return c;
}

NodePtr ExprLowering::oneElement(NodePtr c, SourceLoc loc) {
    if (c->type.rank() != 0) {
        // NumPy takes the truth value of a one-element array; npc needs to know the size.
        std::optional<int64_t> size = 1;
        for (const Dim &d : c->type.shape) {
            std::optional<int64_t> extent = dimConstValue(d);
            size = size && extent ? std::optional(*size * *extent) : std::nullopt;
        }
        if (size == 1)
            c = array::makeReshape(c, {}, {}, loc);
        else if (size == 0)
            throw UserError(loc, "The truth value of an empty array is ambiguous. Use "
                                 "`array.size > 0` to check that an array is not empty.");
        else if (size)
            throw UserError(loc, "The truth value of an array with more than one element "
                                 "is ambiguous. Use a.any() or a.all()");
        else
            throw UserError(loc, fmt::format("The truth value of an array with more than "
                                             "one element is ambiguous. Use a.any() or "
                                             "a.all() (npc needs an array condition to "
                                             "have one element at compile time; this one "
                                             "has shape {})",
                                             shapeStr(c->type.shape)));
    }
    return c;
}

Value ExprLowering::lowerName(const syntax::Expr &e, const syntax::Name &n) {
    auto it = env_.find(n.id);
    if (it == env_.end()) {
        // Python's builtins npc does not compile, with what to write instead.
        static const std::map<std::string, std::string> builtins = {
            {"sum", "; use np.sum"},
            {"any", "; use np.any"},
            {"all", "; use np.all"},
            {"round", "; use np.round"},
            {"pow", "; use **"},
            {"divmod", "; use // and %"},
            {"print", " (compiled functions do no I/O)"},
            {"enumerate", ""},
            {"zip", ""},
            {"map", ""},
            {"filter", ""},
            {"sorted", "; use np.sort outside npc"},
            {"reversed", "; use range(n - 1, -1, -1)"},
            {"list", ""},
            {"tuple", ""},
            {"dict", ""},
            {"set", ""},
            {"str", ""},
            {"isinstance", ""},
            {"type", ""},
            {"iter", ""},
            {"next", ""},
            {"open", ""},
            {"input", ""},
            {"hash", ""},
            {"id", ""},
            {"ord", ""},
            {"chr", ""}};
        if (auto b = builtins.find(n.id); b != builtins.end())
            throw UserError(e.loc, fmt::format("Python's builtin '{}' is not supported by npc{}",
                                               n.id, b->second));
        throw UserError(e.loc, fmt::format("name '{}' is not defined", n.id));
    }
    Value v = it->second;
    if (v.kind == Value::Unbound)
        throw UserError(e.loc, v.text);
    v.loc = e.loc;
    return v;
}

namespace {

/// Python's AttributeError for an ndarray attribute or method of a Python number (`n.sum()`
/// for an `int` argument, `x.mean().real` is fine): Python's int, float, bool and complex
/// have only `real`, `imag` and `conjugate()` of those npc knows.
void requireNumberMember(const Value &base, const std::string &attr, SourceLoc loc) {
    const NodePtr &n = base.node;
    if (!n->type.weak || attr == "real" || attr == "imag" || attr == "conjugate")
        return;
    DType t = n->type.dtype;
    const char *type = isBool(t) ? "bool" : isInteger(t) ? "int" : isFloat(t) ? "float" : "complex";
    // Python 3.11's other attributes of int and bool, and of float.
    static const std::set<std::string> kInt = {"as_integer_ratio", "bit_count",  "bit_length",
                                               "denominator",      "from_bytes", "numerator",
                                               "to_bytes"};
    static const std::set<std::string> kFloat = {"as_integer_ratio", "fromhex", "hex",
                                                 "is_integer"};
    if ((isInteger(t) || isBool(t) ? kInt
         : isFloat(t)              ? kFloat
                                   : std::set<std::string>{})
            .count(attr))
        throw UserError(
            loc, fmt::format("{}.{} of a Python number is not supported by npc", type, attr));
    throw UserError(loc, fmt::format("'{}' object has no attribute '{}' (a Python number, not a "
                                     "NumPy array: np.asarray(...) makes one)",
                                     type, attr));
}

} // namespace

Value ExprLowering::lowerAttribute(const syntax::Expr &e, const syntax::Attribute &a) {
    Value base = lower(*a.value);
    if (base.kind == Value::Module)
        return moduleMember(base, a.attr, e.loc);
    if (base.kind == Value::Limits)
        return limitsAttribute(base, a.attr, a.attrLoc);
    if (base.kind == Value::Array) {
        requireNumberMember(base, a.attr, a.attrLoc);
        return arrayAttribute(*this, base, a.attr, a.attrLoc);
    }
    // Other methods of ufuncs (np.add.at, np.multiply.outer, np.add.reduceat):
    // name the whole function, as for other unsupported NumPy functions.
    if (base.kind == Value::Function && base.text == "dtype") // x.dtype.itemsize
        throw UserError(a.attrLoc, fmt::format("the dtype attribute '{}' is not supported by npc "
                                               "yet",
                                               a.attr));
    if (base.kind == Value::Function && base.qualifiedName.starts_with("numpy.") &&
        ufuncMethodFunctions().count(base.qualifiedName + "." + a.attr))
        return Value{Value::Function, nullptr, base.qualifiedName + "." + a.attr, {}, {}, e.loc};
    if (base.kind == Value::Function && base.qualifiedName.starts_with("numpy."))
        throw UserError(e.loc, fmt::format("np.{}.{}() is not supported by npc yet",
                                           base.qualifiedName.substr(6), a.attr));
    if (base.kind == Value::Tuple) // `out = []` then `out.append(v)`
        throw UserError(a.attrLoc, fmt::format("npc does not support list or tuple methods "
                                               "('{}'): lists are only literals of arrays; "
                                               "make an array (np.zeros(n)) and assign its "
                                               "elements instead",
                                               a.attr));
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
            requireNumberMember(base, attr->attr, attr->attrLoc);
            args.function = "ndarray." + attr->attr;
            args.positional.insert(args.positional.begin(), base);
            return callNumPy(*this, "ndarray." + attr->attr, std::move(args));
        }
    }
    Value callee = lower(*c.func);
    if (callee.kind != Value::Function)
        throw UserError(c.func->loc, fmt::format("{} is not callable", kindName(callee.kind)));
    args.function = displayName(callee.qualifiedName);
    if (callee.qualifiedName.rfind("local.", 0) == 0) {
        if (!localCall_)
            throw UserError(e.loc, "functions can only be called inside functions");
        args.function = callee.qualifiedName.substr(6);
        return localCall_(args.function, args);
    }
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
        {BinaryOp::BitAnd, array::BinaryOp::BitwiseAnd},
        {BinaryOp::BitOr, array::BinaryOp::BitwiseOr},
        {BinaryOp::BitXor, array::BinaryOp::BitwiseXor},
        {BinaryOp::LShift, array::BinaryOp::LeftShift},
        {BinaryOp::RShift, array::BinaryOp::RightShift},
    };
    if (b.op == BinaryOp::MatMul) { // numpy.matmul
        CallArgs args;
        args.function = "matmul";
        args.loc = e.loc;
        args.positional = {Value::array(lowerArray(*b.lhs), b.lhs->loc),
                           Value::array(lowerArray(*b.rhs), b.rhs->loc)};
        return callNumPy(*this, "numpy.matmul", std::move(args));
    }
    auto it = kOps.find(b.op);
    NPC_ASSERT(it != kOps.end(), "unhandled binary operator");
    Value left = lower(*b.lhs);
    if (left.kind == Value::Tuple && b.op == BinaryOp::Add) { // `x.shape + (3,)`
        Value right = lower(*b.rhs);
        if (right.kind != Value::Tuple || right.text != left.text)
            throw UserError(b.rhs->loc, tupleConcatenationError(left, right));
        left.elements.insert(left.elements.end(), right.elements.begin(), right.elements.end());
        left.loc = e.loc;
        return left;
    }
    if (left.kind == Value::Tuple && b.op == BinaryOp::Mul)
        throw UserError(e.loc, "npc does not repeat tuples or lists (`(0,) * n`); write the "
                               "elements out, or make an array (np.zeros(n))");
    if (left.kind != Value::Array)
        throw UserError(b.lhs->loc, fmt::format("expected an array or a number here, got {}",
                                                kindName(left.kind)));
    NodePtr lhs = left.node;
    if (b.op == BinaryOp::Pow)
        return Value::array(power(lhs, *b.rhs, e.loc), e.loc);
    NodePtr rhs = lowerArray(*b.rhs);
    return Value::array(pythonOperator(it->second, lhs, rhs, e.loc), e.loc);
}

NodePtr ExprLowering::power(NodePtr base, const syntax::Expr &exponent, SourceLoc loc) {
    // NumPy 2.2's ndarray.__pow__ computes `** 2` and `** 2.0` as numpy.square, which is
    // int8 for bool (where power would promote to int64 / float64).
    const auto *intTwo = exponent.as<syntax::IntLiteral>();
    const auto *floatTwo = exponent.as<syntax::FloatLiteral>();
    if (base->type.rank() > 0 && isBool(base->type.dtype) &&
        ((intTwo && intTwo->value == 2) || (floatTwo && floatTwo->value == 2.0))) {
        NodePtr x = castTo(base, DType::Int8, loc);
        return binary(array::BinaryOp::Multiply, x, x, loc);
    }
    if (base->type.rank() > 0 && isInexact(base->type.dtype)) {
        const auto *half = exponent.as<syntax::FloatLiteral>();
        if (half && half->value == 0.5)
            return unary(UnaryOp::Sqrt, base, loc);
        // numpy.square; for real floats the same values as pow.
        const auto *two = exponent.as<syntax::IntLiteral>();
        if (two && two->value == 2 && isComplex(base->type.dtype))
            return binary(array::BinaryOp::Multiply, base, base, loc);
    }
    return pythonOperator(array::BinaryOp::Power, base, lowerArray(exponent), loc);
}

Value ExprLowering::lowerUnary(const syntax::Expr &e, const syntax::Unary &u) {
    // `not (a and b)` takes the truth value of the `and`.
    truthTest_ = u.op == syntax::UnaryOp::Not && u.operand->as<syntax::BoolOperation>();
    NodePtr v = lowerArray(*u.operand);
    if (u.op != syntax::UnaryOp::Not) // -True is -1, as Python computes
        v = pythonBoolAsInt(v, e.loc);
    // -k and ~k of a Python number are Python numbers (weak: int8_array + -k stays int8).
    auto python = [&](const NodePtr &r) { return isPythonScalar(v) ? asPythonScalar(r) : r; };
    switch (u.op) {
    case syntax::UnaryOp::Pos:
        if (isBool(v->type.dtype)) // a NumPy bool (a Python bool is an int by now)
            throw UserError(e.loc, "ufunc 'positive' did not contain a loop with signature "
                                   "matching types <class 'numpy.dtypes.BoolDType'> -> None");
        return Value::array(v, e.loc);
    case syntax::UnaryOp::Neg:
        if (!isPythonScalar(v))
            return Value::array(unary(UnaryOp::Negative, v, e.loc), e.loc);
        requireNegatable(v, e.loc);
        if (isInteger(v->type.dtype) && !isSimpleScalar(*v))
            v = materialized(v, e.loc); // checked as a variable
        return Value::array(
            pythonNegationChecked(v, python(unary(UnaryOp::Negative, v, e.loc)), e.loc), e.loc);
    case syntax::UnaryOp::Not: {
        if (v->type.rank() > 0) // Python's `not` takes a truth value, as `if` does
            v = oneElement(v, u.operand->loc);
        // Python's `not` gives a Python bool, of any number (`not 0.0` is True; NaN is true).
        NodePtr negated =
            isBool(v->type.dtype)
                ? unary(UnaryOp::LogicalNot, v, e.loc)
                : binary(array::BinaryOp::Equal, v,
                         array::makeIntConstant(0, DType::Int64, true, e.loc), e.loc);
        return Value::array(asPythonBool(negated), e.loc);
    }
    case syntax::UnaryOp::Invert:
        return Value::array(python(unary(UnaryOp::Invert, v, e.loc)), e.loc);
    }
    NPC_INTERNAL_ERROR("unhandled unary operator");
}

namespace {

/// `==` of dtypes and types, decided at compile time: a dtype (`x.dtype`, a Function value
/// marked "dtype") equals its scalar type (`np.float32`), a builtin that maps to it
/// (`float`) and its name (`'float32'`), as np.dtype.__eq__ converts the other side;
/// two types are equal when they are the same class. UserError for other operands or
/// operators.
bool typesEqual(const Value &a, const Value &b, syntax::CompareOp op, SourceLoc loc) {
    if (op != syntax::CompareOp::Eq && op != syntax::CompareOp::Ne)
        throw UserError(loc, "npc compares dtypes and types with == and != only");
    if (a.text == "dtype" || b.text == "dtype") {
        std::optional<DType> x = dtypeOfValue(a), y = dtypeOfValue(b);
        if (x && y)
            return *x == *y;
    } else if (a.kind == Value::Function && b.kind == Value::Function) {
        return a.qualifiedName == b.qualifiedName;
    }
    throw UserError(loc, "npc compares a dtype (x.dtype) with a NumPy scalar type, a builtin "
                         "type or a dtype name, and types with types, at compile time only");
}

} // namespace

NodePtr ExprLowering::tupleEqual(const Value &a, const Value &b, SourceLoc loc) {
    auto constant = [&](bool v) { return array::makeIntConstant(v, DType::Bool, true, loc); };
    if (a.kind != Value::Tuple || b.kind != Value::Tuple)
        throw UserError(loc, fmt::format("npc compares a tuple with == and != to tuples only, "
                                         "not to {}",
                                         (a.kind == Value::Tuple ? b.kind : a.kind) == Value::Array
                                             ? "a number or an array"
                                             : kindName(a.kind == Value::Tuple ? b.kind : a.kind)));
    // A tuple never equals a list; tuples of different lengths differ.
    if (a.text != b.text || a.elements.size() != b.elements.size())
        return constant(false);
    NodePtr all = constant(true);
    for (size_t k = 0; k < a.elements.size(); ++k) {
        const Value &x = a.elements[k], &y = b.elements[k];
        NodePtr same;
        if (x.kind == Value::Tuple || y.kind == Value::Tuple) {
            same = tupleEqual(x, y, loc);
        } else {
            if (x.kind != Value::Array || y.kind != Value::Array || x.node->type.rank() > 0 ||
                y.node->type.rank() > 0)
                throw UserError(loc, "npc compares tuples of numbers (and of tuples of them) "
                                     "only");
            same = asPythonBool(binary(BinaryOp::Equal, x.node, y.node, loc));
        }
        all = asPythonBool(binary(BinaryOp::LogicalAnd, all, same, loc));
    }
    return all;
}

Value ExprLowering::lowerCompare(const syntax::Expr &e, const syntax::Compare &c) {
    using syntax::CompareOp;
    static const std::map<CompareOp, array::BinaryOp> kOps = {
        {CompareOp::Lt, array::BinaryOp::Less},      {CompareOp::Le, array::BinaryOp::LessEqual},
        {CompareOp::Gt, array::BinaryOp::Greater},   {CompareOp::Ge, array::BinaryOp::GreaterEqual},
        {CompareOp::Eq, array::BinaryOp::Equal},     {CompareOp::Ne, array::BinaryOp::NotEqual},
    };
    // `a < b < c` is `(a < b) and (b < c)` with b evaluated once. Python's `and` asks for
    // the truth value of `a < b`, which NumPy refuses for arrays, so only chains of
    // scalars are accepted; for scalars the `and` is the elementwise one.
    // Strings (values of parameters such as mode="mean") compare at compile time, with ==
    // and != only, and only with strings.
    auto asArray = [&](const Value &v, const syntax::Expr &operand) {
        if (v.kind != Value::Array)
            throw UserError(operand.loc, fmt::format("expected an array or a number here, got {}",
                                                     kindName(v.kind)));
        return v.node;
    };
    // Comparison i of the chain, whose left operand is `lhsValue`: its right operand is
    // evaluated only when the comparisons before it held (Python's `and` short-circuits).
    std::function<NodePtr(size_t, const Value &)> chain = [&](size_t i,
                                                              const Value &lhsValue) -> NodePtr {
        auto it = kOps.find(c.ops[i]);
        if (it == kOps.end())
            throw UserError(e.loc, "'is' and 'in' comparisons are not supported");
        Value rhsValue = lower(*c.operands[i + 1]);
        NodePtr cmp;
        if (lhsValue.kind == Value::Function || rhsValue.kind == Value::Function) {
            cmp = array::makeIntConstant(typesEqual(lhsValue, rhsValue, c.ops[i], e.loc) ==
                                             (c.ops[i] == CompareOp::Eq),
                                         DType::Bool, false, e.loc);
        } else if (lhsValue.kind == Value::Tuple || rhsValue.kind == Value::Tuple) {
            // `a.shape != b.shape`: Python's equality of tuples, element by element.
            if (c.ops[i] != CompareOp::Eq && c.ops[i] != CompareOp::Ne)
                throw UserError(e.loc, "npc compares tuples with == and != only");
            cmp = tupleEqual(lhsValue, rhsValue, e.loc);
            if (c.ops[i] == CompareOp::Ne)
                cmp = asPythonBool(array::makeUnary(UnaryOp::LogicalNot, cmp, DType::Bool, e.loc));
        } else if (lhsValue.kind == Value::String || rhsValue.kind == Value::String) {
            bool equality = c.ops[i] == CompareOp::Eq || c.ops[i] == CompareOp::Ne;
            if (!equality || lhsValue.kind != rhsValue.kind)
                throw UserError(e.loc, fmt::format("npc compares strings with == and != to "
                                                   "strings only, not {} to {}",
                                                   kindName(lhsValue.kind),
                                                   kindName(rhsValue.kind)));
            bool equal = lhsValue.text == rhsValue.text;
            cmp = array::makeIntConstant(equal == (c.ops[i] == CompareOp::Eq), DType::Bool, false,
                                         e.loc);
        } else {
            NodePtr lhs = asArray(lhsValue, *c.operands[i]);
            NodePtr rhs = asArray(rhsValue, *c.operands[i + 1]);
            cmp = binary(it->second, lhs, rhs, e.loc);
            if (c.ops.size() > 1 && cmp->type.rank() > 0)
                throw UserError(e.loc, "a chained comparison of arrays asks for the truth value "
                                       "of an array, which NumPy refuses (ValueError); write "
                                       "(a < b) & (b < c) instead");
            if (isPythonScalar(lhs) && isPythonScalar(rhs)) // Python numbers give a Python bool
                cmp = asPythonBool(cmp);
        }
        if (i + 1 == c.ops.size())
            return cmp;
        // Names and literals evaluate without effects or errors: `0 < x <= t` needs no branch.
        auto trivial = [](const syntax::ExprPtr &x) {
            const syntax::Expr *v = x.get();
            if (auto *u = v->as<syntax::Unary>(); u && u->op != syntax::UnaryOp::Not)
                v = u->operand.get();
            return v->as<syntax::Name>() || v->as<syntax::IntLiteral>() ||
                   v->as<syntax::FloatLiteral>() || v->as<syntax::BoolLiteral>() ||
                   v->as<syntax::StringLiteral>();
        };
        const bool branch =
            conditional_ && !std::all_of(c.operands.begin() + static_cast<std::ptrdiff_t>(i) + 2,
                                         c.operands.end(), trivial);
        if (branch) {
            NodePtr decided = array::makeIntConstant(0, DType::Bool, isPythonBool(cmp), e.loc);
            return conditional_(
                cmp, [&, i] { return chain(i + 1, rhsValue); }, [&] { return decided; }, e.loc);
        }
        NodePtr rest = chain(i + 1, rhsValue);
        bool python = isPythonBool(cmp) && isPythonBool(rest);
        NodePtr both = binary(array::BinaryOp::LogicalAnd, cmp, rest, e.loc);
        return python ? asPythonBool(both) : both;
    };
    return Value::array(chain(0, lower(*c.operands[0])), e.loc);
}

Value ExprLowering::lowerSubscript(const syntax::Expr &e, const syntax::Subscript &s) {
    Value container = lower(*s.value);
    if (container.kind == Value::Tuple) // `x.shape[0]`, `x.shape[-1]`
        return tupleItem(container, s, e.loc);
    if (container.kind != Value::Array)
        throw UserError(s.value->loc, fmt::format("expected an array or a number here, got {}",
                                                  kindName(container.kind)));
    NodePtr base = container.node;
    int rank = base->type.rank();
    std::vector<NodePtr> dynamic; // run-time indices and bounds (View operands 1...)
    auto bound = [](const syntax::ExprPtr &b) -> std::optional<int64_t> {
        if (!b || b->as<syntax::NoneLiteral>())
            return std::nullopt;
        return literalInt(*b);
    };
    // A run-time slice bound: its View operand, or -1 for a literal or absent one.
    auto dynamicBound = [&](const syntax::ExprPtr &b) -> int {
        if (!b || b->as<syntax::NoneLiteral>() || literalInt(*b))
            return -1;
        Value v = lower(*b);
        if (v.kind == Value::None)
            return -1;
        if (v.kind == Value::Array) // x[True:] is x[1:], as Python's slices take bools
            v.node = pythonBoolAsInt(v.node, b->loc);
        if (v.kind != Value::Array || v.node->type.rank() != 0 || !isInteger(v.node->type.dtype))
            throw UserError(b->loc, "slice indices must be integers or None");
        dynamic.push_back(runtimeIndex(*b, v));
        return static_cast<int>(dynamic.size());
    };
    // Classify each index first: `None` may be spelled np.newaxis, so names are evaluated.
    using Kind = IndexItem::Kind;
    std::vector<IndexItem> items;
    bool advanced = false;
    int consumed = 0;
    for (const syntax::ExprPtr &idx : s.indices) {
        array::ViewEntry entry;
        if (auto *sl = idx->as<syntax::Slice>()) {
            entry.start = bound(sl->lower);
            entry.stop = bound(sl->upper);
            entry.startOperand = dynamicBound(sl->lower);
            entry.stopOperand = dynamicBound(sl->upper);
            if (sl->step && !sl->step->as<syntax::NoneLiteral>() && !literalInt(*sl->step))
                throw UserError(sl->step->loc, "npc needs a slice step that is an integer "
                                               "literal (its sign decides the loop direction)");
            entry.step = bound(sl->step).value_or(1);
            if (entry.step == 0)
                throw UserError(sl->step->loc, "slice step cannot be zero");
            items.push_back({Kind::Slice, entry, nullptr, idx->loc});
            ++consumed;
            continue;
        }
        if (auto v = literalInt(*idx)) {
            entry.kind = array::ViewEntry::Index;
            entry.index = *v;
            items.push_back({Kind::Index, entry, nullptr, idx->loc});
            ++consumed;
            continue;
        }
        Value v = lower(*idx);
        // A list is an array index, as in NumPy (`m[[1, 0]]`); an empty one an int64 array.
        if (auto *list = idx->as<syntax::List>())
            v = list->elements.empty()
                    ? Value::array(array::makeBroadcast(
                                       array::makeIntConstant(0, DType::Int64, false, idx->loc),
                                       {dimConst(0)}, idx->loc),
                                   idx->loc)
                    : callNumPy(*this, "numpy.array", CallArgs{"np.array", idx->loc, {v}, {}, {}});
        if (v.kind == Value::None) {
            entry.kind = array::ViewEntry::NewAxis;
            items.push_back({Kind::NewAxis, entry, nullptr, idx->loc});
            continue;
        }
        if (v.kind == Value::Ellipsis) {
            if (std::any_of(items.begin(), items.end(),
                            [](const auto &item) { return item.kind == Kind::Ellipsis; }))
                throw UserError(idx->loc, "an index can only have a single ellipsis ('...')");
            items.push_back({Kind::Ellipsis, entry, nullptr, idx->loc});
            continue;
        }
        if (v.kind == Value::Array && v.node->type.rank() == 0 && isInteger(v.node->type.dtype)) {
            entry.kind = array::ViewEntry::Index;
            dynamic.push_back(runtimeIndex(*idx, v));
            entry.indexOperand = static_cast<int>(dynamic.size());
            items.push_back({Kind::Index, entry, nullptr, idx->loc});
            ++consumed;
            continue;
        }
        // Advanced indexing: arrays of integers or of bools (a mask consumes its rank).
        if (v.kind == Value::Array && v.node->type.rank() > 0 &&
            (isInteger(v.node->type.dtype) || isBool(v.node->type.dtype))) {
            bool mask = isBool(v.node->type.dtype);
            items.push_back({mask ? Kind::BoolArray : Kind::IntArray, entry, v.node, idx->loc});
            consumed += mask ? v.node->type.rank() : 1;
            advanced = true;
            continue;
        }
        // A tuple value as the whole index (`a[np.nonzero(a > 0)]`, `idx = (r, c); a[idx]`):
        // its arrays index the leading axes, as a[r, c] (NumPy's tuple index).
        auto arrayIndex = [](const Value &e) {
            return e.kind == Value::Array && e.node->type.rank() > 0 &&
                   (isInteger(e.node->type.dtype) || isBool(e.node->type.dtype));
        };
        if (v.kind == Value::Tuple && s.indices.size() == 1 && !v.elements.empty() &&
            std::all_of(v.elements.begin(), v.elements.end(), arrayIndex)) {
            for (const Value &element : v.elements) {
                bool mask = isBool(element.node->type.dtype);
                items.push_back(
                    {mask ? Kind::BoolArray : Kind::IntArray, entry, element.node, idx->loc});
                consumed += mask ? element.node->type.rank() : 1;
            }
            advanced = true;
            continue;
        }
        throw UserError(idx->loc, "only integers, slices, None, ..., integer arrays and "
                                  "boolean arrays are supported as indices");
    }
    if (consumed > rank)
        throw UserError(e.loc, fmt::format("too many indices for array: array is {}-dimensional, "
                                           "but {} were indexed",
                                           rank, consumed));
    // `...` stands for the full slices of the axes no other index consumes, and so do the
    // trailing axes.
    std::vector<IndexItem> expanded;
    bool sawEllipsis = false;
    for (const IndexItem &item : items) {
        if (item.kind != Kind::Ellipsis) {
            expanded.push_back(item);
            continue;
        }
        sawEllipsis = true;
        for (int i = 0; i < rank - consumed; ++i)
            expanded.push_back({Kind::Slice, array::ViewEntry{}, nullptr, item.loc});
    }
    if (!sawEllipsis)
        for (int i = consumed; i < rank; ++i)
            expanded.push_back({Kind::Slice, array::ViewEntry{}, nullptr, e.loc});
    if (advanced)
        return Value::array(advancedIndex(base, expanded, std::move(dynamic), e.loc), e.loc);
    std::vector<array::ViewEntry> entries;
    for (const IndexItem &item : expanded)
        entries.push_back(item.entry);
    return Value::array(array::makeView(base, std::move(entries), e.loc, std::move(dynamic)), e.loc);
}

/// A run-time index or slice bound as an int64 scalar the loop lowering can evaluate
/// inline (arithmetic on arguments, variables and extents); anything else (a reduction,
/// an element of an array) is evaluated into a variable first.
NodePtr ExprLowering::runtimeIndex(const syntax::Expr &e, const Value &v) {
    std::function<bool(const NodePtr &)> simple = [&](const NodePtr &n) {
        switch (n->kind) {
        case array::NodeKind::Constant:
        case array::NodeKind::DimValue:
        case array::NodeKind::Param:
        case array::NodeKind::Var:
            return n->type.rank() == 0;
        case array::NodeKind::Cast:
        case array::NodeKind::Unary:
        case array::NodeKind::Binary:
        case array::NodeKind::Where:
            return std::all_of(n->operands.begin(), n->operands.end(), simple);
        default:
            return false;
        }
    };
    NodePtr n = array::makeCast(v.node, DType::Int64, e.loc);
    if (v.node->type.dtype == DType::UInt64) {
        // A uint64 of 2**63 or more stays beyond every extent instead of wrapping to a
        // negative index: a slice bound clamps, as NumPy's does, and an index raises
        // IndexError (NumPy: OverflowError).
        NodePtr limit = array::makeIntConstant(INT64_MAX, DType::Int64, false, e.loc);
        n = array::makeWhere(binary(array::BinaryOp::Greater, v.node, limit, e.loc), limit, n,
                             e.loc);
    }
    if (simple(n))
        return n;
    if (!materialize_)
        throw UserError(e.loc, "this index must be a constant here");
    return materialize_(n, e.loc);
}

} // namespace npc::lowering
