// Text form of the loop IR (--emit-loops, tests, and keys for hoisting).
#include "ir/LoopIR.h"

#include <fmt/format.h>

namespace npc::loop {
namespace {

/// A reduction loop's combining operation: `+`, `*`, `minimum` or `maximum`.
std::string reductionName(const Stmt &s) {
    if (s.reductionCall)
        return *s.reductionCall == Intrinsic::Minimum ? "minimum" : "maximum";
    return std::string(binaryOpSymbol(s.reductionOp));
}

void printStmts(std::string &out, const std::vector<StmtPtr> &stmts, int depth);

void printStmt(std::string &out, const Stmt &s, int depth) {
    std::string pad(static_cast<size_t>(depth) * 2, ' ');
    switch (s.kind) {
    case StmtKind::Block:
        printStmts(out, s.stmts, depth);
        return;
    case StmtKind::For:
        out += fmt::format("{}{} {} in 0..{}{} {{\n", pad,
                           s.parallel ? "parallel for" : s.simd ? "simd for" : s.serial ? "serial for" : "for", s.name,
                           str(s.extent),
                           s.reductionVar.empty() ? "" : fmt::format(" reduce({}:{})", reductionName(s), s.reductionVar));
        printStmts(out, s.stmts, depth + 1);
        out += pad + "}\n";
        return;
    case StmtKind::Decl:
        out += fmt::format("{}{}{} {}{}{}\n", pad, s.mutableVar ? "var " : "let ", dtypeName(s.dtype),
                           s.name, s.lanes ? fmt::format("[{}]", s.lanes) : "",
                           s.value ? " = " + str(s.value) : "");
        return;
    case StmtKind::Assign:
        out += fmt::format("{}{}{} = {}\n", pad, s.name,
                           s.offset ? fmt::format("[{}]", str(s.offset)) : "", str(s.value));
        return;
    case StmtKind::Store:
        out += fmt::format("{}{}[{}] = {}\n", pad, s.name, str(s.offset), str(s.value));
        return;
    case StmtKind::If:
        out += fmt::format("{}if {} {{\n", pad, str(s.value));
        printStmts(out, s.stmts, depth + 1);
        if (!s.orelse.empty()) {
            out += pad + "} else {\n";
            printStmts(out, s.orelse, depth + 1);
        }
        out += pad + "}\n";
        return;
    case StmtKind::Comment:
        out += fmt::format("{}# {}\n", pad, s.text);
        return;
    case StmtKind::Throw:
        out += fmt::format("{}if {} throw {}(\"{}\"{})\n", pad, str(s.value), s.exception, s.text,
                           s.detail ? ", " + str(s.detail) : "");
        for (const ExprPtr &e : s.extents) // formatted into the message's pieces
            out += fmt::format("{}  with {}\n", pad, str(e));
        return;
    case StmtKind::While:
        out += pad + "loop {\n";
        printStmts(out, s.stmts, depth + 1);
        out += pad + "}\n";
        return;
    case StmtKind::Break:
        out += pad + "break\n";
        return;
    case StmtKind::Continue:
        out += pad + "continue\n";
        return;
    case StmtKind::Snapshot:
        out += fmt::format("{}{} = snapshot {} {} (copied if it overlaps {})\n", pad, s.name,
                           dtypeName(s.dtype), s.source, fmt::join(s.overlapping, ", "));
        return;
    case StmtKind::Return:
    case StmtKind::Alloc: {
        std::vector<std::string> parts;
        for (const ExprPtr &e : s.extents)
            parts.push_back(str(e));
        if (s.kind == StmtKind::Return)
            out += fmt::format("{}return {}\n", pad, fmt::join(parts, ", "));
        else if (!s.source.empty())
            out += fmt::format("{}{} takes {}\n", pad, s.name, s.source);
        else
            out += fmt::format("{}{} {} {}[{}]\n", pad, s.replaces ? "realloc" : "alloc",
                               dtypeName(s.dtype), s.name, fmt::join(parts, ", "));
        return;
    }
    }
}

void printStmts(std::string &out, const std::vector<StmtPtr> &stmts, int depth) {
    for (const StmtPtr &s : stmts)
        printStmt(out, *s, depth);
}

} // namespace

std::string_view binaryOpSymbol(BinaryOp op) {
    switch (op) {
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::Lt: return "<";
    case BinaryOp::Le: return "<=";
    case BinaryOp::Gt: return ">";
    case BinaryOp::Ge: return ">=";
    case BinaryOp::Eq: return "==";
    case BinaryOp::Ne: return "!=";
    case BinaryOp::And: return "&&";
    case BinaryOp::Or: return "||";
    }
    return "?";
}

void forEachExpr(const ExprPtr &e, const std::function<void(const Expr &)> &fn) {
    if (!e)
        return;
    fn(*e);
    for (const ExprPtr &a : e->args)
        forEachExpr(a, fn);
}

void forEachExpr(const std::vector<StmtPtr> &stmts, const std::function<void(const Expr &)> &fn) {
    for (const StmtPtr &s : stmts) {
        forEachExpr(s->value, fn);
        forEachExpr(s->offset, fn);
        forEachExpr(s->extent, fn);
        forEachExpr(s->detail, fn);
        for (const ExprPtr &e : s->extents)
            forEachExpr(e, fn);
        forEachExpr(s->stmts, fn);
        forEachExpr(s->orelse, fn);
    }
}

namespace {
ExprPtr rewrittenExpr(const ExprPtr &e, const std::function<void(Expr &)> &fn) {
    if (!e)
        return e;
    auto copy = std::make_shared<Expr>(*e);
    for (ExprPtr &a : copy->args)
        a = rewrittenExpr(a, fn);
    fn(*copy);
    return copy;
}
} // namespace

StmtPtr rewritten(const StmtPtr &s, const std::function<void(Expr &)> &expr,
                  const std::function<void(Stmt &)> &stmt) {
    auto copy = std::make_shared<Stmt>(*s);
    for (ExprPtr *e : {&copy->value, &copy->offset, &copy->extent, &copy->detail})
        *e = rewrittenExpr(*e, expr);
    for (ExprPtr &e : copy->extents)
        e = rewrittenExpr(e, expr);
    for (StmtPtr &c : copy->stmts)
        c = rewritten(c, expr, stmt);
    for (StmtPtr &c : copy->orelse)
        c = rewritten(c, expr, stmt);
    if (stmt)
        stmt(*copy);
    return copy;
}

std::vector<StmtPtr> renameVariables(const std::vector<StmtPtr> &stmts,
                                     const std::map<std::string, std::string> &names) {
    auto rename = [&](std::string &name) {
        if (auto it = names.find(name); it != names.end())
            name = it->second;
    };
    std::vector<StmtPtr> out;
    for (const StmtPtr &s : stmts)
        out.push_back(rewritten(
            s,
            [&](Expr &e) {
                if (e.kind == ExprKind::Var)
                    rename(e.name);
            },
            [&](Stmt &c) {
                if (c.kind == StmtKind::Decl || c.kind == StmtKind::Assign)
                    rename(c.name);
            }));
    return out;
}

void definedNames(const std::vector<StmtPtr> &stmts, std::set<std::string> &out) {
    for (const StmtPtr &s : stmts) {
        if (s->kind == StmtKind::Decl || s->kind == StmtKind::Assign || s->kind == StmtKind::For)
            out.insert(s->name);
        definedNames(s->stmts, out);
        definedNames(s->orelse, out);
    }
}

bool usesIntrinsic(const ExprPtr &e, Intrinsic f) {
    bool found = false;
    forEachExpr(e, [&](const Expr &x) { found |= x.kind == ExprKind::Call && x.intrinsic == f; });
    return found;
}

bool usesIntrinsic(const std::vector<StmtPtr> &stmts, Intrinsic f) {
    bool found = false;
    forEachExpr(stmts, [&](const Expr &x) { found |= x.kind == ExprKind::Call && x.intrinsic == f; });
    return found;
}

namespace {
void addNames(const std::vector<StmtPtr> &stmts, std::set<std::string> &out) {
    for (const StmtPtr &s : stmts) {
        out.insert(s->name);
        addNames(s->stmts, out);
        addNames(s->orelse, out);
    }
}
} // namespace

std::set<std::string> variablesRead(const Function &f) {
    std::set<std::string> out;
    auto visit = [&](const Expr &e) {
        if (e.kind == ExprKind::Var)
            out.insert(e.name);
    };
    forEachExpr(f.prologue, visit);
    forEachExpr(f.body, visit);
    for (const Allocation &a : f.allocations)
        for (const ExprPtr &e : a.extents)
            forEachExpr(e, visit);
    return out;
}

std::set<std::string> namesUsed(const Function &f) {
    std::set<std::string> out;
    for (const Param &p : f.params)
        out.insert(p.name);
    for (const Allocation &a : f.allocations)
        out.insert(a.name);
    addNames(f.prologue, out);
    addNames(f.body, out);
    auto visit = [&](const Expr &e) {
        if (e.kind == ExprKind::Var || e.kind == ExprKind::Load)
            out.insert(e.name);
    };
    forEachExpr(f.prologue, visit);
    forEachExpr(f.body, visit);
    out.erase("");
    return out;
}

std::string str(const ExprPtr &e) {
    switch (e->kind) {
    case ExprKind::Var:
        return e->args.empty() ? e->name : fmt::format("{}[{}]", e->name, str(e->args[0]));
    case ExprKind::IntImm:
        return e->intValue == kNoneBound ? "None" : std::to_string(e->intValue);
    case ExprKind::FloatImm:
        if (isComplex(e->dtype))
            return fmt::format("{}({}, {})", dtypeName(e->dtype), e->floatValue, e->imagValue);
        return fmt::format("{}", e->floatValue);
    case ExprKind::Cast:
        return fmt::format("{}({})", dtypeName(e->dtype), str(e->args[0]));
    case ExprKind::Unary:
        return fmt::format("{}({})", e->unaryOp == UnaryOp::Neg ? "-" : "!", str(e->args[0]));
    case ExprKind::Binary:
        return fmt::format("({} {} {})", str(e->args[0]), binaryOpSymbol(e->binaryOp), str(e->args[1]));
    case ExprKind::Select:
        return fmt::format("({} ? {} : {})", str(e->args[0]), str(e->args[1]), str(e->args[2]));
    case ExprKind::Load:
        return fmt::format("{}[{}]", e->name, str(e->args[0]));
    case ExprKind::Call: {
        std::string args;
        for (const ExprPtr &a : e->args)
            args += (args.empty() ? "" : ", ") + str(a);
        return fmt::format("{}<{}>({})", intrinsicName(e->intrinsic), dtypeName(e->dtype), args);
    }
    }
    return "?";
}

std::string print(const Function &f) {
    std::string out = fmt::format("func {}(", f.name);
    for (size_t i = 0; i < f.params.size(); ++i)
        out += fmt::format("{}{}: {}{}", i ? ", " : "", f.params[i].name, dtypeName(f.params[i].dtype),
                           f.params[i].rank ? fmt::format("[{}d]", f.params[i].rank) : "");
    out += ") {\n";
    printStmts(out, f.prologue, 1);
    for (const Allocation &a : f.allocations) {
        std::string extents;
        for (const ExprPtr &e : a.extents)
            extents += (extents.empty() ? "" : ", ") + str(e);
        out += fmt::format("  alloc {} {}[{}]\n", a.name, dtypeName(a.dtype), extents);
    }
    printStmts(out, f.body, 1);
    std::string results;
    for (const Result &r : f.results)
        results += (results.empty() ? "" : ", ") + r.name;
    out += fmt::format("  return {}\n}}\n", results);
    return out;
}

} // namespace npc::loop
