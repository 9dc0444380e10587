// Fusion decisions: which array values get a buffer of their own.
#include "ir/passes/ScheduleStages.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace npc::passes {
namespace {

using array::Node;
using array::NodeKind;
using array::NodePtr;

/// True when the broadcast repeats its operand: a new leading axis or a constant
/// size-1 axis stretched. Symbolic size-1 extents broadcast by zero strides instead.
bool expands(const Node &b) {
    const Shape &in = b.operand()->type.shape;
    const Shape &out = b.type.shape;
    if (in.size() < out.size())
        return true;
    for (size_t i = 0; i < in.size(); ++i)
        if (dimIsConst(in[i], 1) && !dimIsConst(out[i], 1))
            return true;
    return false;
}

/// True when `n` is one expression of loads (no temporaries bound to variables, no
/// reduction loops): a concatenation evaluates such a part only where it is selected.
/// Other parts would bind temporaries or run reductions for every element, out of their
/// range too, so they get a buffer.
bool inlineExpression(const Node &n, const std::map<const Node *, int> &users) {
    auto operands = [&] {
        return std::all_of(n.operands.begin(), n.operands.end(),
                           [&](const NodePtr &op) { return inlineExpression(*op, users); });
    };
    switch (n.kind) {
    case NodeKind::Param:
    case NodeKind::Var:
    case NodeKind::Constant:
    case NodeKind::DimValue:
    case NodeKind::Iota:
        return true;
    case NodeKind::Cast:
    case NodeKind::Copy:
    case NodeKind::Broadcast:
    case NodeKind::View:
    case NodeKind::Transpose:
    case NodeKind::Reshape:
        return operands();
    case NodeKind::Unary:
    case NodeKind::Binary:
    case NodeKind::Where: // bound to a temporary when used twice or named (LowerToLoops)
        return users.at(&n) == 1 && n.name.empty() && operands();
    default:
        return false;
    }
}

/// True when evaluating `n` calls a transcendental function (exp, log, sin, a float
/// power, ...): one costs more than storing an element and loading it back.
bool transcendental(const Node &n) {
    using array::BinaryOp;
    using array::UnaryOp;
    static const std::set<UnaryOp> unary = {
        UnaryOp::Exp,    UnaryOp::Log,    UnaryOp::Exp2,    UnaryOp::Expm1,   UnaryOp::Log2,
        UnaryOp::Log10,  UnaryOp::Log1p,  UnaryOp::Sin,     UnaryOp::Cos,     UnaryOp::Tan,
        UnaryOp::Arcsin, UnaryOp::Arccos, UnaryOp::Arctan,  UnaryOp::Sinh,    UnaryOp::Cosh,
        UnaryOp::Tanh,   UnaryOp::Cbrt,   UnaryOp::Arcsinh, UnaryOp::Arccosh, UnaryOp::Arctanh,
        UnaryOp::Erf,    UnaryOp::Erfc};
    if (n.kind == NodeKind::Unary)
        return unary.count(n.unaryOp) > 0;
    if (n.kind == NodeKind::Binary)
        return n.binaryOp == BinaryOp::Arctan2 || n.binaryOp == BinaryOp::Hypot ||
               (n.binaryOp == BinaryOp::Power && isFloat(n.type.dtype));
    return false;
}

} // namespace

bool Schedule::isMaterialized(const Node *n) const {
    return std::find(materialized.begin(), materialized.end(), n) != materialized.end();
}

Schedule scheduleStages(const std::vector<NodePtr> &results) {
    // Users of each node across the whole function.
    std::map<const Node *, int> users;
    std::set<const Node *> visited;
    std::function<void(const NodePtr &)> count = [&](const NodePtr &n) {
        if (!visited.insert(n.get()).second)
            return;
        for (const NodePtr &op : n->operands) {
            ++users[op.get()];
            count(op);
        }
    };
    for (const NodePtr &r : results) {
        ++users[r.get()];
        count(r);
    }

    std::set<const Node *> materialize;
    for (const NodePtr &r : results)
        materialize.insert(r.get());
    // A reduction reached through an expanding broadcast or a view would be recomputed
    // for every repeated element: give it a buffer.
    std::set<std::pair<const Node *, bool>> seen;
    std::function<void(const NodePtr &, bool)> mark = [&](const NodePtr &n, bool repeated) {
        if (!seen.insert({n.get(), repeated}).second)
            return;
        if (n->kind == NodeKind::Reduce && (repeated || users[n.get()] > 1))
            materialize.insert(n.get());
        // A scan writes its running values into a buffer of its own (a sequential loop).
        if (n->kind == NodeKind::Scan || n->kind == NodeKind::Nonzero ||
            n->kind == NodeKind::Sort || n->kind == NodeKind::Bincount ||
            (n->kind == NodeKind::Copy && n->buffered))
            materialize.insert(n.get());
        if (n->kind == NodeKind::Concat)
            for (const NodePtr &part : n->operands)
                if (!inlineExpression(*part, users))
                    materialize.insert(part.get());
        // A binary search reads the sorted array at log2(n) positions per key: one that is
        // more than an expression of loads is computed once, into a buffer.
        if (n->kind == NodeKind::SearchSorted && !inlineExpression(*n->operand(), users))
            materialize.insert(n->operand().get());
        bool below = repeated;
        if (n->kind == NodeKind::Broadcast && expands(*n))
            below = true;
        if (n->kind == NodeKind::View || n->kind == NodeKind::Gather ||
            n->kind == NodeKind::SearchSorted)
            below = true;
        if (n->kind == NodeKind::Reduce || materialize.count(n.get()))
            below = false;
        for (const NodePtr &op : n->operands)
            mark(op, below);
    };
    for (const NodePtr &r : results)
        mark(r, false);

    // An elementwise value that calls a transcendental function and that two loop nests
    // evaluate (softmax's `e` in `e / np.sum(e, axis=1, keepdims=True)`: the sum's nest
    // and the division's) gets a buffer, so each element's exp is computed once.
    std::map<const Node *, std::set<const Node *>> nests;
    std::function<void(const NodePtr &, const Node *)> reach = [&](const NodePtr &n,
                                                                 const Node *root) {
        for (const NodePtr &op : n->operands)
            if (!materialize.count(op.get()) && nests[op.get()].insert(root).second)
                reach(op, root);
    };
    std::vector<const Node *> roots(materialize.begin(), materialize.end());
    std::map<const Node *, NodePtr> handles;
    std::function<void(const NodePtr &)> collect = [&](const NodePtr &n) {
        if (!handles.emplace(n.get(), n).second)
            return;
        for (const NodePtr &op : n->operands)
            collect(op);
    };
    for (const NodePtr &r : results)
        collect(r);
    for (const Node *root : roots)
        reach(handles.at(root), root);
    for (const auto &[n, from] : nests) {
        bool elementwise = n->kind == NodeKind::Unary || n->kind == NodeKind::Binary;
        if (from.size() > 1 && elementwise && n->type.rank() > 0 && transcendental(*n))
            materialize.insert(n);
    }

    Schedule s;
    std::set<const Node *> emitted;
    std::function<void(const NodePtr &)> order = [&](const NodePtr &n) {
        if (!emitted.insert(n.get()).second)
            return;
        for (const NodePtr &op : n->operands)
            order(op);
        if (!materialize.count(n.get()))
            return;
        s.materialized.push_back(n.get());
        auto it = std::find(results.begin(), results.end(), n);
        int result = it == results.end() ? -1 : static_cast<int>(it - results.begin());
        s.stages.push_back({n, result});
    };
    for (const NodePtr &r : results)
        order(r);
    return s;
}

Schedule scheduleStages(const array::Function &f) { return scheduleStages(f.results); }

} // namespace npc::passes
