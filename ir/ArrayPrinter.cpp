// Stable text form of the array IR (--emit-ir, golden tests) and its verifier.
#include "ir/ArrayIR.h"

#include <fmt/format.h>
#include <functional>
#include <unordered_map>

namespace npc::array {
namespace {

/// Visits every node reachable from `roots` once, operands before users.
void forEachTopological(const std::vector<NodePtr> &roots,
                        const std::function<void(const NodePtr &)> &fn) {
    std::unordered_map<const Node *, bool> seen;
    std::function<void(const NodePtr &)> visit = [&](const NodePtr &n) {
        if (seen[n.get()])
            return;
        seen[n.get()] = true;
        for (const NodePtr &op : n->operands)
            visit(op);
        fn(n);
    };
    for (const NodePtr &r : roots)
        visit(r);
}

std::string viewStr(const std::vector<ViewEntry> &entries) {
    std::string s;
    for (const ViewEntry &e : entries) {
        if (!s.empty())
            s += ", ";
        if (e.kind == ViewEntry::NewAxis) {
            s += "None";
        } else if (e.kind == ViewEntry::Index) {
            s += std::to_string(e.index);
        } else {
            s += fmt::format("{}:{}", e.start ? std::to_string(*e.start) : "",
                             e.stop ? std::to_string(*e.stop) : "");
            if (e.step != 1)
                s += fmt::format(":{}", e.step);
        }
    }
    return "[" + s + "]";
}

std::string describe(const Node &n, const std::unordered_map<const Node *, int> &ids) {
    auto ref = [&](size_t i) { return fmt::format("%{}", ids.at(n.operands[i].get())); };
    switch (n.kind) {
    case NodeKind::Param:
        return fmt::format("param {} \"{}\"", n.param, n.name);
    case NodeKind::Constant:
        return isFloat(n.type.dtype) ? fmt::format("constant {}", n.floatValue)
                                     : fmt::format("constant {}", n.intValue);
    case NodeKind::DimValue:
        return fmt::format("dim {}", dimStr(n.dim));
    case NodeKind::Cast:
        return fmt::format("cast {}", ref(0));
    case NodeKind::Unary:
        return fmt::format("{} {}", unaryOpName(n.unaryOp), ref(0));
    case NodeKind::Binary:
        return fmt::format("{} {}, {}", binaryOpName(n.binaryOp), ref(0), ref(1));
    case NodeKind::Broadcast:
        return fmt::format("broadcast {}", ref(0));
    case NodeKind::View:
        return fmt::format("view {}{}", ref(0), viewStr(n.view));
    case NodeKind::Reduce:
        return fmt::format("{} {}, axes=({}){}", reduceOpName(n.reduceOp), ref(0),
                           fmt::join(n.axes, ", "), n.keepdims ? ", keepdims" : "");
    case NodeKind::Where:
        return fmt::format("where {}, {}, {}", ref(0), ref(1), ref(2));
    }
    return "?";
}

void check(bool cond, const Node &n, const char *what) {
    if (!cond)
        NPC_INTERNAL_ERROR(fmt::format("array IR verifier: {} at {} node of type {}", what,
                                       static_cast<int>(n.kind), n.type.str()));
}

} // namespace

std::string print(const Function &f) {
    std::string out = fmt::format("func {}(", f.name);
    for (size_t i = 0; i < f.params.size(); ++i)
        out += fmt::format("{}{}: {}", i ? ", " : "", f.params[i]->name, f.params[i]->type.str());
    out += ") {\n";
    std::unordered_map<const Node *, int> ids;
    forEachTopological(f.results, [&](const NodePtr &n) {
        int id = static_cast<int>(ids.size());
        ids[n.get()] = id;
        std::string name =
            n->name.empty() || n->kind == NodeKind::Param ? "" : fmt::format("  # {}", n->name);
        out += fmt::format("  %{} = {} : {}{}\n", id, describe(*n, ids), n->type.str(), name);
    });
    std::vector<std::string> results;
    for (const NodePtr &r : f.results)
        results.push_back(fmt::format("%{}", ids.at(r.get())));
    out += fmt::format("  return {}\n}}\n", fmt::join(results, ", "));
    return out;
}

void verify(const Function &f) {
    forEachTopological(f.results, [&](const NodePtr &p) {
        const Node &n = *p;
        switch (n.kind) {
        case NodeKind::Param:
            check(n.param >= 0 && n.param < static_cast<int>(f.params.size()), n, "bad param index");
            break;
        case NodeKind::Constant:
        case NodeKind::DimValue:
            check(n.operands.empty() && n.type.rank() == 0, n, "leaf with operands or a shape");
            break;
        case NodeKind::Cast:
        case NodeKind::Unary:
            check(n.operands.size() == 1, n, "wrong operand count");
            check(shapeEqual(n.type.shape, n.operand()->type.shape), n, "shape changed");
            break;
        case NodeKind::Binary:
            check(n.operands.size() == 2, n, "wrong operand count");
            check(n.operand(0)->type.dtype == n.operand(1)->type.dtype, n, "operand dtypes differ");
            check(shapeEqual(n.operand(0)->type.shape, n.type.shape) &&
                      shapeEqual(n.operand(1)->type.shape, n.type.shape),
                  n, "operand shapes differ from the result");
            break;
        case NodeKind::Where:
            check(n.operands.size() == 3, n, "wrong operand count");
            check(isBool(n.operand(0)->type.dtype), n, "condition is not bool");
            check(n.operand(1)->type.dtype == n.type.dtype &&
                      n.operand(2)->type.dtype == n.type.dtype,
                  n, "operand dtypes differ from the result");
            check(shapeEqual(n.operand(0)->type.shape, n.type.shape) &&
                      shapeEqual(n.operand(1)->type.shape, n.type.shape) &&
                      shapeEqual(n.operand(2)->type.shape, n.type.shape),
                  n, "operand shapes differ from the result");
            break;
        case NodeKind::Broadcast:
            check(n.type.rank() >= n.operand()->type.rank(), n, "broadcast lowers the rank");
            break;
        case NodeKind::View:
        case NodeKind::Reduce:
            check(n.operands.size() == 1, n, "wrong operand count");
            break;
        }
    });
}

} // namespace npc::array
