// Syntactic name analysis of statements and facts about array-IR values, for the
// statement lowering (see StatementAnalysis.h).
#include "frontend/StatementAnalysis.h"

#include <algorithm>
#include <fmt/format.h>
#include <functional>

namespace npc::lowering {

using array::NodeKind;
using array::NodePtr;



void collectReadsOpt(const syntax::ExprPtr &e, std::set<std::string> &out) {
    if (e)
        collectReads(*e, out);
}

void collectReads(const syntax::Expr &e, std::set<std::string> &out,
                  const std::function<bool(const syntax::Call &)> &skip) {
    using namespace syntax;
    auto reads = [&](const Expr &x) { collectReads(x, out, skip); };
    std::visit(
        [&](const auto &n) {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, Name>) {
                out.insert(n.id);
            } else if constexpr (std::is_same_v<T, Attribute>) {
                reads(*n.value);
            } else if constexpr (std::is_same_v<T, Call>) {
                if (skip && skip(n))
                    return;
                reads(*n.func);
                for (const ExprPtr &a : n.args)
                    reads(*a);
                for (const Keyword &k : n.keywords)
                    reads(*k.value);
            } else if constexpr (std::is_same_v<T, Slice>) {
                for (const ExprPtr *b : {&n.lower, &n.upper, &n.step})
                    if (*b)
                        reads(**b);
            } else if constexpr (std::is_same_v<T, Subscript>) {
                reads(*n.value);
                for (const ExprPtr &a : n.indices)
                    reads(*a);
            } else if constexpr (std::is_same_v<T, syntax::Tuple> || std::is_same_v<T, List>) {
                for (const ExprPtr &a : n.elements)
                    reads(*a);
            } else if constexpr (std::is_same_v<T, Binary>) {
                reads(*n.lhs);
                reads(*n.rhs);
            } else if constexpr (std::is_same_v<T, Unary>) {
                reads(*n.operand);
            } else if constexpr (std::is_same_v<T, Compare> || std::is_same_v<T, BoolOperation>) {
                for (const ExprPtr &a : n.operands)
                    reads(*a);
            } else if constexpr (std::is_same_v<T, IfExp>) {
                reads(*n.test);
                reads(*n.body);
                reads(*n.orelse);
            }
        },
        e.node);
}

namespace {

void collectTargets(const syntax::Expr &target, BlockNames &out, bool augmented = false) {
    if (auto *n = target.as<syntax::Name>()) {
        out.assigned.insert(n->id);
        if (!augmented)
            out.rebound.insert(n->id);
        return;
    }
    if (auto *t = target.as<syntax::Tuple>()) {
        for (const syntax::ExprPtr &e : t->elements)
            collectTargets(*e, out);
        return;
    }
    if (auto *s = target.as<syntax::Subscript>()) {
        const syntax::Expr *base = s->value.get();
        while (auto *inner = base->as<syntax::Subscript>())
            base = inner->value.get();
        if (auto *n = base->as<syntax::Name>())
            out.mutated.insert(n->id);
        collectReads(target, out.read);
    }
}

/// Adds what `stmt` assigns, updates and reads; `nested` adds a nested block's.
template <typename NestedBlock>
void collectStatement(const syntax::Stmt &stmt, BlockNames &out, NestedBlock &&nested) {
    if (auto *a = stmt.as<syntax::Assign>()) {
        for (const syntax::ExprPtr &t : a->targets)
            collectTargets(*t, out);
        collectReads(*a->value, out.read);
    } else if (auto *a = stmt.as<syntax::AugAssign>()) {
        collectTargets(*a->target, out, true);
        // `x += 1` on an array updates it in place; on a scalar it rebinds.
        if (auto *n = a->target->as<syntax::Name>())
            out.mutated.insert(n->id);
        collectReads(*a->target, out.read);
        collectReads(*a->value, out.read);
    } else if (auto *r = stmt.as<syntax::Return>()) {
        collectReadsOpt(r->value, out.read);
    } else if (auto *e = stmt.as<syntax::ExprStmt>()) {
        if (e->atTarget) // np.add.at(a, idx, b) updates a in place
            collectTargets(*e->atTarget, out, true);
        auto *call = e->value->as<syntax::Call>();
        auto *method = call ? call->func->as<syntax::Attribute>() : nullptr;
        if (method && (method->attr == "sort" || method->attr == "fill")) { // a.sort()
            collectTargets(*method->value, out, true);
            if (auto *n = method->value->as<syntax::Name>())
                out.mutated.insert(n->id);
        }
        collectReads(*e->value, out.read);
    } else if (auto *i = stmt.as<syntax::If>()) {
        collectReads(*i->test, out.read);
        nested(i->body);
        nested(i->orelse);
    } else if (auto *f = stmt.as<syntax::For>()) {
        collectTargets(*f->target, out);
        collectReads(*f->iter, out.read);
        nested(f->body);
    } else if (auto *w = stmt.as<syntax::While>()) {
        collectReads(*w->test, out.read);
        nested(w->body);
    }
}

} // namespace

void forEachPart(const syntax::Stmt &st, const std::function<void(const syntax::Expr &)> &expr,
                 const std::function<void(const syntax::Block &)> &block) {
    using namespace syntax;
    if (auto *a = st.as<Assign>()) {
        for (const ExprPtr &t : a->targets)
            expr(*t);
        expr(*a->value);
    } else if (auto *aug = st.as<AugAssign>()) {
        expr(*aug->target);
        expr(*aug->value);
    } else if (auto *r = st.as<Return>(); r && r->value) {
        expr(*r->value);
    } else if (auto *e = st.as<ExprStmt>()) {
        expr(*e->value);
    } else if (auto *i = st.as<If>()) {
        expr(*i->test);
        block(i->body);
        block(i->orelse);
    } else if (auto *f = st.as<For>()) {
        expr(*f->iter);
        block(f->body);
    } else if (auto *w = st.as<While>()) {
        expr(*w->test);
        block(w->body);
    }
}

void forEachCall(const syntax::Expr &e, const CallVisitor &fn) {
    using namespace syntax;
    auto visit = [&](const ExprPtr &p) {
        if (p)
            forEachCall(*p, fn);
    };
    std::visit(
        [&](const auto &n) {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, Call>) {
                fn(n);
                visit(n.func);
                for (const ExprPtr &a : n.args)
                    visit(a);
                for (const Keyword &k : n.keywords)
                    visit(k.value);
            } else if constexpr (std::is_same_v<T, Attribute>) {
                visit(n.value);
            } else if constexpr (std::is_same_v<T, Slice>) {
                visit(n.lower), visit(n.upper), visit(n.step);
            } else if constexpr (std::is_same_v<T, Subscript>) {
                visit(n.value);
                for (const ExprPtr &a : n.indices)
                    visit(a);
            } else if constexpr (std::is_same_v<T, syntax::Tuple> || std::is_same_v<T, List>) {
                for (const ExprPtr &a : n.elements)
                    visit(a);
            } else if constexpr (std::is_same_v<T, Binary>) {
                visit(n.lhs), visit(n.rhs);
            } else if constexpr (std::is_same_v<T, Unary>) {
                visit(n.operand);
            } else if constexpr (std::is_same_v<T, Compare> || std::is_same_v<T, BoolOperation>) {
                for (const ExprPtr &a : n.operands)
                    visit(a);
            } else if constexpr (std::is_same_v<T, IfExp>) {
                visit(n.test), visit(n.body), visit(n.orelse);
            }
        },
        e.node);
}

void forEachCall(const syntax::Stmt &st, const CallVisitor &fn) {
    forEachPart(
        st, [&](const syntax::Expr &e) { forEachCall(e, fn); },
        [&](const syntax::Block &b) {
            for (const syntax::StmtPtr &s : b)
                forEachCall(*s, fn);
        });
}

void collectNames(const syntax::Block &block, BlockNames &out) {
    for (const syntax::StmtPtr &stmt : block)
        collectStatement(*stmt, out, [&](const syntax::Block &b) { collectNames(b, out); });
}

void StatementFacts::collectNames(const syntax::Block &block, BlockNames &out) {
    for (const syntax::StmtPtr &stmt : block) {
        const BlockNames &n = names(*stmt);
        out.assigned.insert(n.assigned.begin(), n.assigned.end());
        out.mutated.insert(n.mutated.begin(), n.mutated.end());
        out.read.insert(n.read.begin(), n.read.end());
        out.rebound.insert(n.rebound.begin(), n.rebound.end());
    }
}

const BlockNames &StatementFacts::names(const syntax::Stmt &st) {
    if (auto it = names_.find(&st); it != names_.end())
        return it->second;
    BlockNames out;
    collectStatement(st, out, [&](const syntax::Block &b) { collectNames(b, out); });
    return names_[&st] = std::move(out);
}

const std::set<std::string> &StatementFacts::callees(const syntax::Stmt &st) {
    if (auto it = callees_.find(&st); it != callees_.end())
        return it->second;
    std::set<std::string> out;
    forEachPart(
        st,
        [&](const syntax::Expr &e) {
            forEachCall(e, [&](const syntax::Call &c) {
                if (auto *n = c.func->as<syntax::Name>())
                    out.insert(n->id);
            });
        },
        [&](const syntax::Block &b) {
            for (const syntax::StmtPtr &s : b) {
                const std::set<std::string> &inner = callees(*s);
                out.insert(inner.begin(), inner.end());
            }
        });
    return callees_[&st] = std::move(out);
}

namespace {

/// True when a `break` of the loop whose body is `block` is in it (not in nested loops).
bool breaksOut(const syntax::Block &block) {
    for (const syntax::StmtPtr &st : block) {
        if (st->as<syntax::Break>())
            return true;
        if (auto *i = st->as<syntax::If>(); i && (breaksOut(i->body) || breaksOut(i->orelse)))
            return true;
    }
    return false;
}

} // namespace

bool alwaysTrue(const syntax::Expr &test) {
    auto *b = test.as<syntax::BoolLiteral>();
    auto *i = test.as<syntax::IntLiteral>();
    return (b && b->value) || (i && i->value != 0);
}

bool loopsForever(const syntax::Stmt &st) {
    auto *w = st.as<syntax::While>();
    return w && alwaysTrue(*w->test) && !breaksOut(w->body);
}

bool terminates(const syntax::Block &block) {
    if (block.empty())
        return false;
    const syntax::Stmt &last = *block.back();
    if (last.as<syntax::Return>() || last.as<syntax::Break>() || last.as<syntax::Continue>() ||
        last.as<syntax::Raise>() || loopsForever(last))
        return true;
    if (auto *i = last.as<syntax::If>())
        return !i->orelse.empty() && terminates(i->body) && terminates(i->orelse);
    return false;
}

bool alwaysReturns(const syntax::Block &block) {
    if (block.empty())
        return false;
    const syntax::Stmt &last = *block.back();
    if (last.as<syntax::Return>() || last.as<syntax::Raise>() || loopsForever(last))
        return true;
    if (auto *i = last.as<syntax::If>())
        return !i->orelse.empty() && alwaysReturns(i->body) && alwaysReturns(i->orelse);
    return false;
}

/// NumPy's 'same_kind' casting between our dtypes (in-place ufuncs: `a += b`).
bool canCastSameKind(DType from, DType to) {
    auto kind = [](DType t) {
        if (isBool(t))
            return 0;
        if (isUnsignedInteger(t))
            return 1;
        if (isInteger(t))
            return 2;
        if (isFloat(t))
            return 3;
        return 4;
    };
    if (kind(from) == 2 && kind(to) == 1)
        return false;
    return kind(from) <= kind(to) || (kind(from) == 1 && kind(to) == 2);
}

array::BinaryOp augmentedOp(syntax::BinaryOp op, SourceLoc loc) {
    switch (op) {
    case syntax::BinaryOp::Add: return array::BinaryOp::Add;
    case syntax::BinaryOp::Sub: return array::BinaryOp::Subtract;
    case syntax::BinaryOp::Mul: return array::BinaryOp::Multiply;
    case syntax::BinaryOp::Div: return array::BinaryOp::TrueDivide;
    case syntax::BinaryOp::FloorDiv: return array::BinaryOp::FloorDivide;
    case syntax::BinaryOp::Mod: return array::BinaryOp::Remainder;
    case syntax::BinaryOp::Pow: return array::BinaryOp::Power;
    case syntax::BinaryOp::BitAnd: return array::BinaryOp::BitwiseAnd;
    case syntax::BinaryOp::BitOr: return array::BinaryOp::BitwiseOr;
    case syntax::BinaryOp::BitXor: return array::BinaryOp::BitwiseXor;
    case syntax::BinaryOp::LShift: return array::BinaryOp::LeftShift;
    case syntax::BinaryOp::RShift: return array::BinaryOp::RightShift;
    case syntax::BinaryOp::MatMul: break;
    }
    throw UserError(loc, "npc does not support '@=' yet");
}

/// True when `n` reads the buffer of `root` (a Param or Var, compared by index).
namespace {

bool readsRoot(const NodePtr &n, const array::Node &root, std::set<const array::Node *> &seen);

/// True when extent `d` is computed from a node that reads `root` (a loop counter's slice,
/// `np.ones(k)`: such a value's shape changes when `k` does).
bool dimReadsRoot(const Dim &d, const array::Node &root, std::set<const array::Node *> &seen) {
    if (!d)
        return false;
    if (d->kind == DimKind::Value && d->node)
        return readsRoot(std::static_pointer_cast<const array::Node>(d->node), root, seen);
    for (const Dim &op : d->operands)
        if (dimReadsRoot(op, root, seen))
            return true;
    return dimReadsRoot(d->startValue, root, seen) || dimReadsRoot(d->stopValue, root, seen);
}

bool readsRoot(const NodePtr &n, const array::Node &root, std::set<const array::Node *> &seen) {
    if (!seen.insert(n.get()).second)
        return false;
    if (n->kind == root.kind && n->param == root.param)
        return true;
    for (const NodePtr &op : n->operands)
        if (readsRoot(op, root, seen))
            return true;
    // Its shape, its extent (a DimValue) and its checks read what their dims read.
    for (const Dim &d : n->type.shape)
        if (dimReadsRoot(d, root, seen))
            return true;
    for (const array::ExtentCheck &c : n->checks)
        if (dimReadsRoot(c.actual, root, seen) || dimReadsRoot(c.expected, root, seen))
            return true;
    return n->kind == NodeKind::DimValue && dimReadsRoot(n->dim, root, seen);
}

} // namespace

bool readsRoot(const NodePtr &n, const array::Node &root) {
    std::set<const array::Node *> seen;
    return readsRoot(n, root, seen);
}

/// True when `n` is `root` seen through basic indexing, transposes, reshapes and
/// broadcast_to only (an alias of its memory; a reshape is taken as NumPy's view of a
/// contiguous array).
bool isViewOf(const NodePtr &n, const array::Node &root) {
    // `x[0]` of a 1-D array is a NumPy scalar: a copy of the element, not a view.
    if (n->type.rank() == 0)
        return false;
    const array::Node *p = anyViewRoot(n);
    return p && p->kind == root.kind && p->param == root.param;
}

/// A value cheap to recompute wherever it is used: leaves and views of them.
bool isCheap(const NodePtr &n) {
    switch (n->kind) {
    case NodeKind::Param:
    case NodeKind::Var:
    case NodeKind::Constant:
    case NodeKind::DimValue:
        return true;
    case NodeKind::View:
    case NodeKind::Transpose: // views: a copy would stop seeing writes to their array
    case NodeKind::Reshape:
    case NodeKind::Broadcast:
    case NodeKind::Cast:
        return std::all_of(n->operands.begin(), n->operands.end(), isCheap);
    default:
        return false;
    }
}

bool readsVariable(const NodePtr &n) {
    if (n->kind == NodeKind::Var)
        return true;
    return std::any_of(n->operands.begin(), n->operands.end(), readsVariable);
}

namespace {

bool scalarFromArguments(const array::Node &n) {
    switch (n.kind) {
    case NodeKind::Constant:
        return true;
    case NodeKind::Param:
        return n.type.rank() == 0;
    case NodeKind::DimValue:
        return followsFromArguments(n.dim);
    case NodeKind::Cast:
    case NodeKind::Unary:
    case NodeKind::Binary:
    case NodeKind::Where:
        return n.type.rank() == 0 &&
               std::all_of(n.operands.begin(), n.operands.end(),
                           [](const NodePtr &op) { return scalarFromArguments(*op); });
    default:
        return false;
    }
}

} // namespace

bool followsFromArguments(const Dim &d) {
    switch (d->kind) {
    case DimKind::Const:
    case DimKind::Extent:
        return true;
    case DimKind::Value:
        return scalarFromArguments(*static_cast<const array::Node *>(d->node.get()));
    default:
        return std::all_of(d->operands.begin(), d->operands.end(), followsFromArguments) &&
               (!d->startValue || followsFromArguments(d->startValue)) &&
               (!d->stopValue || followsFromArguments(d->stopValue));
    }
}

bool readsMemory(const NodePtr &n) {
    if (n->kind == NodeKind::Var || n->kind == NodeKind::Param)
        return true;
    return std::any_of(n->operands.begin(), n->operands.end(), readsMemory);
}

/// True when recomputing `n` costs more than reading it from memory: it reduces, or
/// calls a transcendental function.
bool costly(const NodePtr &n) {
    if (n->kind == NodeKind::Reduce || n->kind == NodeKind::Scan || n->kind == NodeKind::Sort)
        return true;
    if (n->kind == NodeKind::Unary) {
        switch (n->unaryOp) {
        case array::UnaryOp::Negative:
        case array::UnaryOp::Absolute:
        case array::UnaryOp::LogicalNot:
        case array::UnaryOp::Invert:
        case array::UnaryOp::IsNan:
        case array::UnaryOp::IsInf:
        case array::UnaryOp::IsFinite:
        case array::UnaryOp::Sign:
        case array::UnaryOp::Signbit:
            break;
        default:
            return true;
        }
    }
    return std::any_of(n->operands.begin(), n->operands.end(), costly);
}

namespace {
/// An extent no other extent is derived from, known on entry: equal to another only by
/// the caller's choice of arguments. (Run-time values, such as a mask's count, may be
/// computed on one path only.)
bool independentExtent(const Dim &d) {
    return d->kind == DimKind::Const || d->kind == DimKind::Extent;
}
} // namespace

std::optional<Shape> keptShape(const Shape &a, const Shape &b) {
    if (a.size() != b.size())
        return std::nullopt;
    Shape kept;
    for (size_t axis = 0; axis < a.size(); ++axis) {
        if (dimEqual(a[axis], b[axis]) || dimBroadcastOf(b[axis], a[axis]))
            kept.push_back(a[axis]);
        else if (dimBroadcastOf(a[axis], b[axis]))
            kept.push_back(b[axis]);
        else if (independentExtent(a[axis]) && independentExtent(b[axis]) &&
                 !(dimConstValue(a[axis]) && dimConstValue(b[axis])))
            kept.push_back(a[axis]);
        else
            return std::nullopt;
    }
    return kept;
}

const array::Node *anyViewRoot(const NodePtr &n) {
    const array::Node *p = n.get();
    while (p->kind == NodeKind::View || p->kind == NodeKind::Transpose ||
           p->kind == NodeKind::Reshape || p->kind == NodeKind::Broadcast)
        p = p->operand().get();
    return p->kind == NodeKind::Param || p->kind == NodeKind::Var ? p : nullptr;
}

/// The root (Param or Var) a View chain starts from, or null.
const array::Node *viewRoot(const NodePtr &n) {
    const array::Node *p = n.get();
    while (p->kind == NodeKind::View)
        p = p->operand().get();
    return p->kind == NodeKind::Param || p->kind == NodeKind::Var ? p : nullptr;
}

/// True for a view of a parameter or variable through a transpose, reshape or
/// broadcast_to (LowerShapes.cpp): npc writes only through basic indexing.
bool shapeView(const NodePtr &n) {
    bool changed = false;
    const array::Node *p = n.get();
    for (;; p = p->operand().get()) {
        if (p->kind == NodeKind::Transpose || p->kind == NodeKind::Reshape ||
            p->kind == NodeKind::Broadcast)
            changed = true;
        else if (p->kind != NodeKind::View)
            break;
    }
    return changed && (p->kind == NodeKind::Param || p->kind == NodeKind::Var);
}

namespace {
bool anyView(NodeKind k) {
    return k == NodeKind::View || k == NodeKind::Transpose || k == NodeKind::Reshape ||
           k == NodeKind::Broadcast;
}
} // namespace

bool viewsOperand(const array::Node &n) {
    return anyView(n.kind) && n.type.rank() > 0 && n.operand()->type.rank() > 0;
}

const array::Node *complexPartRoot(const NodePtr &n) {
    const array::Node *p = n.get();
    while (anyView(p->kind))
        p = p->operand().get();
    if (p->kind != NodeKind::Unary ||
        (p->unaryOp != array::UnaryOp::Real && p->unaryOp != array::UnaryOp::Imag))
        return nullptr;
    for (p = p->operand().get(); anyView(p->kind);)
        p = p->operand().get();
    return p->kind == NodeKind::Param || p->kind == NodeKind::Var ? p : nullptr;
}

Use useIn(const syntax::Stmt &st, const std::string &name) {
    std::set<std::string> reads;
    if (auto *a = st.as<syntax::Assign>()) {
        collectReads(*a->value, reads);
        for (const syntax::ExprPtr &t : a->targets)
            if (!t->as<syntax::Name>())
                collectReads(*t, reads);
        if (reads.count(name))
            return Use::Read;
        for (const syntax::ExprPtr &t : a->targets)
            if (auto *n = t->as<syntax::Name>(); n && n->id == name)
                return Use::Killed;
        return Use::None;
    }
    if (auto *r = st.as<syntax::Return>()) {
        collectReadsOpt(r->value, reads);
        return reads.count(name) ? Use::Read : Use::Killed;
    }
    BlockNames inner;
    if (auto *e = st.as<syntax::ExprStmt>()) {
        collectReads(*e->value, reads);
    } else if (auto *aug = st.as<syntax::AugAssign>()) {
        collectReads(*aug->target, reads);
        collectReads(*aug->value, reads);
    } else if (auto *f = st.as<syntax::If>()) {
        collectReads(*f->test, reads);
        collectNames(f->body, inner);
        collectNames(f->orelse, inner);
    } else if (auto *f = st.as<syntax::For>()) {
        collectReads(*f->iter, reads);
        collectNames(f->body, inner);
    } else if (auto *w = st.as<syntax::While>()) {
        collectReads(*w->test, reads);
        collectNames(w->body, inner);
    }
    return reads.count(name) || inner.read.count(name) ? Use::Read : Use::None;
}


} // namespace npc::lowering
