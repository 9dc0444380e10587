// Lower-to-loops: Python control flow, variables and stores (array-IR statements).
#include "ir/passes/LoweringState.h"

#include <utility>

namespace npc::passes::detail {
namespace {

/// Adds to `out` the variables `n` reads (its Var nodes, also in its dims).
void collectVariables(const NodePtr &n, std::set<const Node *> &seen, std::set<int> &out);

void collectVariables(const Dim &d, std::set<const Node *> &seen, std::set<int> &out) {
    if (!d)
        return;
    if (d->kind == DimKind::Value && d->node)
        collectVariables(std::static_pointer_cast<const Node>(d->node), seen, out);
    for (const Dim &op : d->operands)
        collectVariables(op, seen, out);
    collectVariables(d->startValue, seen, out);
    collectVariables(d->stopValue, seen, out);
}

void collectVariables(const NodePtr &n, std::set<const Node *> &seen, std::set<int> &out) {
    if (!n || !seen.insert(n.get()).second)
        return;
    if (n->kind == NodeKind::Var)
        out.insert(n->param);
    for (const NodePtr &op : n->operands)
        collectVariables(op, seen, out);
    for (const Dim &d : n->type.shape)
        collectVariables(d, seen, out);
    if (n->kind == NodeKind::DimValue)
        collectVariables(n->dim, seen, out);
    for (const array::ExtentCheck &c : n->checks) {
        collectVariables(c.actual, seen, out);
        collectVariables(c.expected, seen, out);
        for (const Dim &d : c.shown)
            collectVariables(d, seen, out);
    }
}

/// Adds to `out` the variables `stmts` assign or read, at any depth.
void collectVariables(const std::vector<array::StmtPtr> &stmts, std::set<const Node *> &seen,
                      std::set<int> &out) {
    for (const array::StmtPtr &st : stmts) {
        if (st->kind == array::StmtKind::Let || st->kind == array::StmtKind::For)
            out.insert(st->var);
        for (const NodePtr &n : {st->value, st->target, st->start, st->stop, st->step})
            collectVariables(n, seen, out);
        for (const NodePtr &n : st->values)
            collectVariables(n, seen, out);
        collectVariables(st->body, seen, out);
        collectVariables(st->orelse, seen, out);
    }
}

} // namespace

void Lowering::collectWrittenParams(const std::vector<array::StmtPtr> &stmts, std::set<int> &out) {
    for (const array::StmtPtr &st : stmts) {
        if (st->kind == array::StmtKind::Store) {
            const Node &root = array::storeRoot(*st->target);
            if (root.kind == NodeKind::Param)
                out.insert(root.param);
        }
        collectWrittenParams(st->body, out);
        collectWrittenParams(st->orelse, out);
    }
}

void Lowering::declareVariables() {
    std::set<const Node *> seen;
    std::set<int> used;
    collectVariables(af_.body, seen, used);
    for (const array::Variable &v : af_.variables) {
        if (v.type.rank() > 0 && !used.count(static_cast<int>(variables_.size()))) {
            // Nothing assigns or reads it (the frontend replaced it): no buffer.
            variables_.push_back(Storage{freshBuffer(v.name), {}});
            continue;
        }
        if (v.type.rank() == 0) {
            std::string name = fresh(v.name);
            ExprPtr zero = loop::numberImm(0, v.type.dtype);
            out_.body.push_back(loop::decl(name, v.type.dtype, zero, true));
            variables_.push_back(Storage{name, {}});
            continue;
        }
        if (v.allocatedByLet) {
            declareAllocatedByLet(v);
            continue;
        }
        // Array variables live for the whole call: their shapes must be known on entry.
        std::vector<StmtPtr> scratch;
        localPre_ = &scratch;
        Node shape{};
        shape.type = v.type;
        variableShape_ = true;
        variables_.push_back(allocate(shape, freshBuffer(v.name)));
        variableShape_ = false;
        if (!scratch.empty()) {
            std::string message = fmt::format("the shape {} of array '{}' depends on values "
                                              "computed in the function",
                                              shapeStr(v.type.shape), v.name);
            if (v.why.empty())
                message += "; npc needs the shapes of arrays assigned in loops and branches to "
                           "follow from the arguments";
            else
                message += ", so npc cannot copy it: " + v.why;
            throw UserError(v.loc.valid() ? v.loc : af_.loc, message);
        }
    }
}

void Lowering::declareAllocatedByLet(const array::Variable &v) {
    // Its extents: scalar variables (declared above it, assigned before each Let) and
    // extents known on entry.
    loop::Allocation a{freshBuffer(v.name), v.type.dtype, v.type.shape, {}};
    std::vector<ExprPtr> extents;
    std::vector<StmtPtr> scratch;
    localPre_ = &scratch;
    variableShape_ = true;
    for (const Dim &d : v.type.shape) {
        extents.push_back(dimExpr(d));
        a.extents.push_back(loop::intImm(0));
    }
    variableShape_ = false;
    NPC_ASSERT(scratch.empty(), "extents of an array allocated by its Let computed on entry");
    // C-contiguous strides, computed where the elements are indexed.
    Storage s{a.name, std::vector<ExprPtr>(extents.size())};
    ExprPtr running = loop::intImm(1);
    for (size_t axis = extents.size(); axis-- > 0;) {
        s.strides[axis] = running;
        running = loop::binary(loop::BinaryOp::Mul, running, extents[axis]);
    }
    letExtents_[variables_.size()] = std::move(extents);
    out_.allocations.push_back(std::move(a));
    variables_.push_back(std::move(s));
}

void Lowering::commentLine(SourceLoc loc, std::vector<StmtPtr> &into) {
    std::string comment = pythonLine(loc);
    if (comment != lastComment_)
        into.push_back(loop::comment(comment));
    lastComment_ = comment;
}

void Lowering::lowerValue(const NodePtr &value, std::vector<StmtPtr> &into, Destination dest) {
    // The stages a store target's indices need (a boolean mask's true positions,
    // `r[np.argsort(x)] = ...`'s sort) are computed with the value's stages.
    std::vector<NodePtr> roots;
    std::set<const Node *> seen;
    std::function<void(const NodePtr &)> stagesOf = [&](const NodePtr &n) {
        if (!seen.insert(n.get()).second)
            return;
        if (n->kind == NodeKind::Nonzero || n->kind == NodeKind::Sort ||
            n->kind == NodeKind::Scan || n->kind == NodeKind::Bincount ||
            (n->kind == NodeKind::Copy && n->buffered)) {
            roots.push_back(n);
            return;
        }
        for (const NodePtr &op : n->operands)
            stagesOf(op);
    };
    if (dest.kind == Destination::Target)
        for (const Node *n = dest.target; n->kind == NodeKind::View ||
                                          n->kind == NodeKind::Gather ||
                                          n->kind == NodeKind::Reshape;
             n = n->operand().get())
            for (size_t i = 1; i < n->operands.size(); ++i) // operand 0: the array stored to
                stagesOf(n->operands[i]);
    // A value those indices read too (`r[np.argsort(x)] = x`) is stored through a view of
    // it (`x[:]`), a stage of its own after theirs.
    std::set<const Node *> read;
    std::function<bool(const NodePtr &)> reads = [&](const NodePtr &n) {
        if (n == value)
            return true;
        return read.insert(n.get()).second &&
               std::any_of(n->operands.begin(), n->operands.end(), reads);
    };
    NodePtr stored = value;
    if (value->type.rank() > 0 && std::any_of(roots.begin(), roots.end(), reads))
        stored = array::makeView(
            value, std::vector<array::ViewEntry>(static_cast<size_t>(value->type.rank())),
            value->loc);
    roots.push_back(stored);
    Schedule schedule = scheduleStages(roots);
    const Schedule *saved = sched_;
    sched_ = &schedule;
    countUsers(roots);
    for (const Stage &stage : schedule.stages)
        lowerStage(stage, into, stage.root == stored ? dest : Destination{});
    sched_ = saved;
}

ExprPtr Lowering::scalarValue(const NodePtr &value, std::vector<StmtPtr> &into) {
    switch (value->kind) {
    case NodeKind::Constant:
    case NodeKind::DimValue:
    case NodeKind::Param:
    case NodeKind::Var: {
        // Its checks (a name Python may find unassigned: `if b:`) go before the statement.
        std::vector<StmtPtr> *pre = std::exchange(localPre_, &into);
        std::set<std::string> checked = std::exchange(localChecked_, {});
        ExprPtr e = scalarExpr(*value);
        localPre_ = pre;
        localChecked_ = std::move(checked);
        return e;
    }
    default:
        lowerValue(value, into, {});
        return loop::var(storage_.at(value.get()).name, value->type.dtype);
    }
}

ExprPtr Lowering::scalarExpr(const Node &n) {
    switch (n.kind) {
    case NodeKind::Constant:
    case NodeKind::DimValue:
        return compute(n, {});
    case NodeKind::Param:
        NPC_ASSERT(n.type.rank() == 0, "array parameter used as a scalar");
        return loop::var(paramNames_.at(n.param), n.type.dtype);
    case NodeKind::Var:
        NPC_ASSERT(n.type.rank() == 0, "array variable used as a scalar");
        checkExtents(n); // a read Python may find unassigned (an index, an extent)
        return loop::var(variables_.at(static_cast<size_t>(n.param)).name, n.type.dtype);
    // The checks compute() makes too (an extent or index `n // m` raises ZeroDivisionError,
    // `np.uint8(k)` OverflowError), except in the shape of an array variable, which is
    // allocated on entry: its statement, which may not run, checks the value.
    case NodeKind::Cast:
        if (!variableShape_) {
            checkExtents(n);
            if (n.rangeChecked)
                checkRange(n);
        }
        return loop::cast(scalarExpr(*n.operand()), n.type.dtype);
    case NodeKind::Unary:
        if (!variableShape_)
            checkExtents(n);
        return computeUnary(n, scalarExpr(*n.operand()));
    case NodeKind::Binary:
        if (!variableShape_)
            checkExtents(n);
        return computeBinary(n, scalarExpr(*n.operand(0)), scalarExpr(*n.operand(1)));
    case NodeKind::Where:
        if (!variableShape_)
            checkExtents(n);
        return loop::select(scalarExpr(*n.operand(0)), scalarExpr(*n.operand(1)),
                            scalarExpr(*n.operand(2)));
    default:
        NPC_INTERNAL_ERROR("run-time index or extent is not a simple scalar expression");
    }
}

void Lowering::lowerStmts(const std::vector<array::StmtPtr> &stmts, std::vector<StmtPtr> &into) {
    using array::StmtKind;
    for (const array::StmtPtr &st : stmts) {
        switch (st->kind) {
        case StmtKind::Let:
            if (st->value->kind == NodeKind::Var && st->value->param == st->var)
                break;
            if (st->takesStorage) {
                const Node &source = *st->value;
                NPC_ASSERT(source.kind == NodeKind::Var &&
                               letExtents_.count(static_cast<size_t>(st->var)) &&
                               letExtents_.count(static_cast<size_t>(source.param)),
                           "a Let taking storage from a variable allocated by its Lets");
                commentLine(source.loc, into);
                into.push_back(loop::takeStmt(
                    variables_.at(static_cast<size_t>(st->var)).name, source.type.dtype,
                    variables_.at(static_cast<size_t>(source.param)).name));
                break;
            }
            if (auto it = letExtents_.find(static_cast<size_t>(st->var)); it != letExtents_.end()) {
                std::set<const Node *> seen;
                std::set<int> read;
                collectVariables(st->value, seen, read);
                NPC_ASSERT(!read.count(st->var), "an array allocated by its Let read by its value");
                const Storage &s = variables_.at(it->first);
                commentLine(st->value->loc, into);
                into.push_back(loop::allocStmt(s.name, af_.variables.at(it->first).type.dtype,
                                               it->second, true));
            }
            lowerValue(st->value, into, Destination{Destination::Variable, st->var, nullptr});
            break;
        case StmtKind::Store:
            lowerValue(st->value, into, Destination{Destination::Target, -1, st->target.get()});
            break;
        case StmtKind::For: {
            commentLine(st->loc, into);
            ExprPtr start = scalarValue(st->start, into);
            ExprPtr stop = scalarValue(st->stop, into);
            ExprPtr step = scalarValue(st->step, into);
            std::string count = fresh("trips");
            into.push_back(loop::decl(count, DType::Int64,
                                      loop::call(loop::Intrinsic::RangeLength, {start, stop, step},
                                                 DType::Int64)));
            std::string counter = fresh(variables_.at(static_cast<size_t>(st->var)).name + "_iter");
            std::vector<StmtPtr> body;
            body.push_back(loop::assign(
                variables_.at(static_cast<size_t>(st->var)).name,
                loop::binary(loop::BinaryOp::Add, start,
                             loop::binary(loop::BinaryOp::Mul, loop::var(counter, DType::Int64), step))));
            lastComment_.clear();
            lowerStmts(st->body, body);
            StmtPtr loop = loop::forLoop(counter, loop::var(count, DType::Int64), std::move(body));
            loop->serial = true;
            loop->reductionLoop = true;
            into.push_back(loop);
            lastComment_.clear();
            break;
        }
        case StmtKind::While: {
            commentLine(st->loc, into);
            std::vector<StmtPtr> body; // the condition is an `if ... break` in the body
            lastComment_.clear();
            lowerStmts(st->body, body);
            into.push_back(loop::loopForever(std::move(body)));
            lastComment_.clear();
            break;
        }
        case StmtKind::If: {
            commentLine(st->loc, into);
            ExprPtr cond = scalarValue(st->value, into);
            std::vector<StmtPtr> then, orelse;
            lastComment_.clear();
            lowerStmts(st->body, then);
            lastComment_.clear();
            lowerStmts(st->orelse, orelse);
            into.push_back(loop::ifThen(cond, std::move(then), std::move(orelse)));
            lastComment_.clear();
            break;
        }
        case StmtKind::Break:
            into.push_back(loop::breakStmt());
            break;
        case StmtKind::Continue:
            into.push_back(loop::continueStmt());
            break;
        case StmtKind::Raise: {
            commentLine(st->loc, into);
            StmtPtr raise = loop::throwIf(loop::boolImm(true), st->exception, st->message);
            for (const NodePtr &v : st->values)
                raise->extents.push_back(scalarValue(v, into));
            raise->pieces = st->pieces;
            into.push_back(raise);
            break;
        }
        case StmtKind::Return: {
            std::vector<ExprPtr> values;
            for (const NodePtr &v : st->values) {
                lowerValue(v, into, {});
                values.push_back(loop::var(storage_.at(v.get()).name, v->type.dtype));
            }
            into.push_back(loop::returnStmt(std::move(values), af_.returnsTuple));
            break;
        }
        }
    }
}


} // namespace npc::passes::detail
