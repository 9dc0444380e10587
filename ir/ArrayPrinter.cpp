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

std::string viewStr(const Node &n, const std::unordered_map<const Node *, int> &ids) {
    auto dyn = [&](int operand, const std::optional<int64_t> &c) -> std::string {
        if (operand >= 0)
            return fmt::format("%{}", ids.at(n.operands[static_cast<size_t>(operand)].get()));
        return c ? std::to_string(*c) : "";
    };
    std::string s;
    for (const ViewEntry &e : n.view) {
        if (!s.empty())
            s += ", ";
        if (e.kind == ViewEntry::NewAxis) {
            s += "None";
        } else if (e.kind == ViewEntry::Index) {
            s += dyn(e.indexOperand, e.index);
        } else {
            s += fmt::format("{}:{}", dyn(e.startOperand, e.start), dyn(e.stopOperand, e.stop));
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
    case NodeKind::Var:
        return fmt::format("var {} \"{}\"", n.param, n.name);
    case NodeKind::Constant:
        if (isComplex(n.type.dtype))
            return fmt::format("constant ({}{:+}j)", n.floatValue, n.imagValue);
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
        return fmt::format("view {}{}", ref(0), viewStr(n, ids));
    case NodeKind::Reduce:
        return fmt::format("{} {}, axes=({}){}", reduceOpName(n.reduceOp), ref(0),
                           fmt::join(n.axes, ", "), n.keepdims ? ", keepdims" : "");
    case NodeKind::Scan:
        if (n.flatten)
            return fmt::format("cum{} {}, flatten", reduceOpName(n.reduceOp), ref(0));
        return fmt::format("cum{} {}, axis={}", reduceOpName(n.reduceOp), ref(0), n.axes.at(0));
    case NodeKind::Sort:
        return fmt::format("{} {}, axis={}", n.positions ? "argsort" : "sort", ref(0), n.axis);
    case NodeKind::Where:
        return fmt::format("where {}, {}, {}", ref(0), ref(1), ref(2));
    case NodeKind::Transpose:
        return fmt::format("transpose {}, axes=({})", ref(0), fmt::join(n.axes, ", "));
    case NodeKind::Reshape:
        return fmt::format("reshape {}", ref(0));
    case NodeKind::Concat: {
        std::vector<std::string> parts;
        for (size_t i = 0; i < n.operands.size(); ++i)
            parts.push_back(ref(i));
        return fmt::format("concatenate {}, axis={}", fmt::join(parts, ", "), n.axis);
    }
    case NodeKind::Iota:
        return fmt::format("iota axis={}", n.axis);
    case NodeKind::Copy:
        return fmt::format("copy {}{}", ref(0), n.buffered ? ", buffered" : "");
    case NodeKind::Gather: {
        std::vector<std::string> indices;
        for (size_t i = 1; i < n.operands.size(); ++i)
            indices.push_back(ref(i));
        return fmt::format("gather {}, [{}], axes=({}), at={}", ref(0), fmt::join(indices, ", "),
                           fmt::join(n.axes, ", "), n.axis);
    }
    case NodeKind::Nonzero:
        return fmt::format("flatnonzero {}", ref(0));
    case NodeKind::Bincount:
        return n.operands.size() > 1 ? fmt::format("bincount {}, weights={}", ref(0), ref(1))
                                     : fmt::format("bincount {}", ref(0));
    case NodeKind::SearchSorted:
        return fmt::format("searchsorted {}, {}, side={}", ref(0), ref(1),
                           n.right ? "right" : "left");
    }
    return "?";
}

/// ` check(n == 3 or 1)` for each run-time extent check of a node.
std::string checksStr(const Node &n) {
    std::string s;
    for (const ExtentCheck &c : n.checks)
        s += fmt::format(" check({} == {}{})", dimStr(c.actual), dimStr(c.expected),
                         c.orOne ? " or 1" : "");
    return s;
}

void check(bool cond, const Node &n, const char *what) {
    if (!cond)
        NPC_INTERNAL_ERROR(fmt::format("array IR verifier: {} at {} node of type {}", what,
                                       static_cast<int>(n.kind), n.type.str()));
}

/// Roots of every value `stmts` evaluates, in order.
void collectRoots(const std::vector<StmtPtr> &stmts, std::vector<NodePtr> &out) {
    for (const StmtPtr &st : stmts) {
        for (const NodePtr &n : {st->value, st->target, st->start, st->stop, st->step})
            if (n)
                out.push_back(n);
        out.insert(out.end(), st->values.begin(), st->values.end());
        collectRoots(st->body, out);
        collectRoots(st->orelse, out);
    }
}

class Printer {
public:
    explicit Printer(const Function &f) : f_(f) {}

    std::string run() {
        out_ = fmt::format("func {}(", f_.name);
        for (size_t i = 0; i < f_.params.size(); ++i)
            out_ += fmt::format("{}{}: {}", i ? ", " : "", f_.params[i]->name, f_.params[i]->type.str());
        out_ += ") {\n";
        for (size_t i = 0; i < f_.variables.size(); ++i)
            out_ += fmt::format("  var {} \"{}\" : {}\n", i, f_.variables[i].name,
                                f_.variables[i].type.str());
        stmts(f_.body, "  ");
        nodes(f_.results, "  ");
        std::vector<std::string> results;
        for (const NodePtr &r : f_.results)
            results.push_back(ref(r));
        out_ += fmt::format("  return {}\n}}\n", fmt::join(results, ", "));
        return out_;
    }

private:
    std::string ref(const NodePtr &n) { return fmt::format("%{}", ids_.at(n.get())); }

    void nodes(const std::vector<NodePtr> &roots, const std::string &indent) {
        forEachTopological(roots, [&](const NodePtr &n) {
            if (ids_.count(n.get()))
                return;
            int id = static_cast<int>(ids_.size());
            ids_[n.get()] = id;
            bool leaf = n->kind == NodeKind::Param || n->kind == NodeKind::Var;
            std::string name = n->name.empty() || leaf ? "" : fmt::format("  # {}", n->name);
            out_ += fmt::format("{}%{} = {}{} : {}{}\n", indent, id, describe(*n, ids_),
                                checksStr(*n), n->type.str(), name);
        });
    }

    void stmts(const std::vector<StmtPtr> &list, const std::string &indent) {
        for (const StmtPtr &st : list) {
            std::vector<NodePtr> roots;
            for (const NodePtr &n : {st->value, st->target, st->start, st->stop, st->step})
                if (n)
                    roots.push_back(n);
            roots.insert(roots.end(), st->values.begin(), st->values.end());
            nodes(roots, indent);
            auto varName = [&](int v) { return f_.variables.at(static_cast<size_t>(v)).name; };
            switch (st->kind) {
            case StmtKind::Let:
                out_ += fmt::format("{}let {} = {}\n", indent, varName(st->var), ref(st->value));
                break;
            case StmtKind::Store:
                out_ += fmt::format("{}store {} = {}\n", indent, ref(st->target), ref(st->value));
                break;
            case StmtKind::For:
                out_ += fmt::format("{}for {} in range({}, {}, {}) {{\n", indent, varName(st->var),
                                    ref(st->start), ref(st->stop), ref(st->step));
                stmts(st->body, indent + "  ");
                out_ += indent + "}\n";
                break;
            case StmtKind::While:
                out_ += fmt::format("{}loop {{\n", indent);
                stmts(st->body, indent + "  ");
                out_ += indent + "}\n";
                break;
            case StmtKind::If:
                out_ += fmt::format("{}if {} {{\n", indent, ref(st->value));
                stmts(st->body, indent + "  ");
                if (!st->orelse.empty()) {
                    out_ += indent + "} else {\n";
                    stmts(st->orelse, indent + "  ");
                }
                out_ += indent + "}\n";
                break;
            case StmtKind::Break:
                out_ += indent + "break\n";
                break;
            case StmtKind::Continue:
                out_ += indent + "continue\n";
                break;
            case StmtKind::Raise: {
                std::vector<std::string> values;
                for (const NodePtr &v : st->values)
                    values.push_back(ref(v));
                out_ += fmt::format("{}raise {} {:?}{}{}\n", indent, st->exception, st->message,
                                    values.empty() ? "" : " with ", fmt::join(values, ", "));
                break;
            }
            case StmtKind::Return: {
                std::vector<std::string> values;
                for (const NodePtr &v : st->values)
                    values.push_back(ref(v));
                out_ += fmt::format("{}return {}\n", indent, fmt::join(values, ", "));
                break;
            }
            }
        }
    }

    const Function &f_;
    std::string out_;
    std::unordered_map<const Node *, int> ids_;
};

} // namespace

std::string print(const Function &f) { return Printer(f).run(); }

void verify(const Function &f) {
    std::vector<NodePtr> roots = f.results;
    collectRoots(f.body, roots);
    forEachTopological(roots, [&](const NodePtr &p) {
        const Node &n = *p;
        switch (n.kind) {
        case NodeKind::Param:
            check(n.param >= 0 && n.param < static_cast<int>(f.params.size()), n, "bad param index");
            break;
        case NodeKind::Var:
            check(n.param >= 0 && n.param < static_cast<int>(f.variables.size()), n, "bad variable index");
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
            check(!n.operands.empty(), n, "view without operand");
            break;
        case NodeKind::Reduce:
            check(n.operands.size() == 1, n, "wrong operand count");
            break;
        case NodeKind::Sort:
            check(n.operands.size() == 1, n, "wrong operand count");
            check(n.axis >= 0 && n.axis < n.type.rank(), n, "sort axis out of range");
            break;
        case NodeKind::Scan:
            check(n.operands.size() == 1, n, "wrong operand count");
            check(n.reduceOp == ReduceOp::Sum || n.reduceOp == ReduceOp::Prod ||
                      n.reduceOp == ReduceOp::Max || n.reduceOp == ReduceOp::Min,
                  n, "scan op is not sum, prod, max or min");
            check(n.type.dtype == n.operand()->type.dtype, n, "scan changes the dtype");
            if (n.flatten)
                check(n.type.rank() == 1 && n.axes.size() == n.operand()->type.shape.size(), n,
                      "flattening scan is not 1-D or does not scan every axis");
            else
                check(n.axes.size() == 1 && shapeEqual(n.type.shape, n.operand()->type.shape), n,
                      "scan changes the shape or has several axes");
            break;
        case NodeKind::Transpose: {
            check(n.operands.size() == 1, n, "wrong operand count");
            const Shape &in = n.operand()->type.shape;
            check(n.axes.size() == in.size() && n.type.rank() == n.operand()->type.rank(), n,
                  "axes do not match the rank");
            std::vector<bool> used(in.size());
            for (size_t i = 0; i < n.axes.size(); ++i) {
                auto a = static_cast<size_t>(n.axes[i]);
                check(n.axes[i] >= 0 && a < in.size() && !used[a], n, "axes are not a permutation");
                used[a] = true;
                check(dimEqual(in[a], n.type.shape[i]), n, "extent not carried by the permutation");
            }
            break;
        }
        case NodeKind::Reshape: {
            check(n.operands.size() == 1, n, "wrong operand count");
            auto in = dimConstValue(dimProduct(n.operand()->type.shape));
            auto out = dimConstValue(dimProduct(n.type.shape));
            check(!in || !out || *in == *out, n, "element count changed");
            break;
        }
        case NodeKind::Concat:
            check(n.operands.size() >= 2, n, "fewer than two operands");
            check(n.axis >= 0 && n.axis < n.type.rank(), n, "axis out of range");
            for (const NodePtr &op : n.operands) {
                check(op->type.dtype == n.type.dtype, n, "operand dtype differs from the result");
                check(op->type.rank() == n.type.rank(), n, "operand rank differs from the result");
            }
            break;
        case NodeKind::Iota:
            check(n.operands.empty() && n.type.dtype == DType::Int64, n, "iota with operands or not int64");
            check(n.axis >= 0 && n.axis < n.type.rank(), n, "axis out of range");
            break;
        case NodeKind::Copy:
            check(n.operands.size() == 1, n, "wrong operand count");
            check(n.type.dtype == n.operand()->type.dtype &&
                      shapeEqual(n.type.shape, n.operand()->type.shape),
                  n, "copy changes the dtype or shape");
            break;
        case NodeKind::Gather:
            check(n.operands.size() >= 2 && n.axes.size() + 1 == n.operands.size(), n,
                  "one index array per gathered axis");
            check(n.type.dtype == n.operand()->type.dtype, n, "gather changes the dtype");
            for (size_t i = 1; i < n.operands.size(); ++i)
                check(n.operand(i)->type.dtype == DType::Int64, n, "index array is not int64");
            break;
        case NodeKind::Nonzero:
            check(n.operands.size() == 1 && isBool(n.operand()->type.dtype), n,
                  "nonzero of a non-bool array");
            check(n.type.rank() == 1 && n.type.dtype == DType::Int64, n, "nonzero is not 1-D int64");
            break;
        case NodeKind::Bincount:
            check(n.operand()->type.dtype == DType::Int64 && n.operand()->type.rank() == 1, n,
                  "bincount of a non-int64 or non-1-D array");
            check(n.operands.size() == 1 ||
                      (n.operand(1)->type.dtype == DType::Float64 &&
                       n.operand(1)->type.rank() == 1 && n.type.dtype == DType::Float64),
                  n, "bincount weights are not 1-D float64");
            break;
        case NodeKind::SearchSorted:
            check(n.operands.size() == 2 && n.operand()->type.rank() == 1 &&
                      n.operand()->type.dtype == n.operand(1)->type.dtype &&
                      n.type.dtype == DType::Int64 &&
                      shapeEqual(n.type.shape, n.operand(1)->type.shape),
                  n, "searchsorted operands are not a 1-D array and keys of its dtype");
            break;
        }
    });
}

} // namespace npc::array
