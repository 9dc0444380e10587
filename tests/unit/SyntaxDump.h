// Test helper: prints npc's syntax tree as fully parenthesised Python, so parser tests
// can state the expected tree in one readable line per statement.
#pragma once

#include "frontend/Syntax.h"

#include <fmt/format.h>
#include <string>

namespace npc::testing {

inline std::string dumpExpr(const syntax::Expr *expr);

inline std::string dumpList(const std::vector<syntax::ExprPtr> &exprs) {
    std::string out;
    for (size_t i = 0; i < exprs.size(); ++i)
        out += (i ? ", " : "") + dumpExpr(exprs[i].get());
    return out;
}

inline const char *binarySpelling(syntax::BinaryOp op) {
    static const char *const names[] = {"+", "-", "*", "/", "//", "%", "**",
                                        "@", "&", "|", "^", "<<", ">>"};
    return names[static_cast<int>(op)];
}

inline const char *compareSpelling(syntax::CompareOp op) {
    static const char *const names[] = {
        "<", "<=", ">", ">=", "==", "!=", "is", "is not", "in", "not in"};
    return names[static_cast<int>(op)];
}

inline std::string dumpExpr(const syntax::Expr *expr) {
    using namespace syntax;
    if (!expr)
        return "";
    if (auto *n = expr->as<Name>())
        return n->id;
    if (auto *n = expr->as<IntLiteral>())
        return std::to_string(n->value);
    if (auto *n = expr->as<FloatLiteral>())
        return fmt::format("{}f", n->value);
    if (auto *n = expr->as<ImagLiteral>())
        return fmt::format("{}j", n->value);
    if (auto *n = expr->as<BoolLiteral>())
        return n->value ? "True" : "False";
    if (expr->as<NoneLiteral>())
        return "None";
    if (expr->as<EllipsisLiteral>())
        return "...";
    if (auto *n = expr->as<StringLiteral>())
        return fmt::format("'{}'", n->value);
    if (auto *n = expr->as<Attribute>())
        return dumpExpr(n->value.get()) + "." + n->attr;
    if (auto *n = expr->as<Call>()) {
        std::string out = dumpExpr(n->func.get()) + "(" + dumpList(n->args);
        for (size_t i = 0; i < n->keywords.size(); ++i)
            out += (i || !n->args.empty() ? ", " : "") + n->keywords[i].name + "=" +
                   dumpExpr(n->keywords[i].value.get());
        return out + ")";
    }
    if (auto *n = expr->as<Slice>()) {
        std::string out = dumpExpr(n->lower.get()) + ":" + dumpExpr(n->upper.get());
        return n->step ? out + ":" + dumpExpr(n->step.get()) : out;
    }
    if (auto *n = expr->as<Subscript>())
        return dumpExpr(n->value.get()) + "[" + dumpList(n->indices) + "]";
    if (auto *n = expr->as<Tuple>())
        return "(" + dumpList(n->elements) + (n->elements.size() == 1 ? ",)" : ")");
    if (auto *n = expr->as<List>())
        return "[" + dumpList(n->elements) + "]";
    if (auto *n = expr->as<Binary>())
        return fmt::format("({} {} {})", dumpExpr(n->lhs.get()), binarySpelling(n->op),
                           dumpExpr(n->rhs.get()));
    if (auto *n = expr->as<Unary>()) {
        static const char *const names[] = {"-", "+", "~", "not "};
        return fmt::format("({}{})", names[static_cast<int>(n->op)], dumpExpr(n->operand.get()));
    }
    if (auto *n = expr->as<Compare>()) {
        std::string out = "(" + dumpExpr(n->operands[0].get());
        for (size_t i = 0; i < n->ops.size(); ++i)
            out += fmt::format(" {} {}", compareSpelling(n->ops[i]),
                               dumpExpr(n->operands[i + 1].get()));
        return out + ")";
    }
    if (auto *n = expr->as<BoolOperation>()) {
        std::string out = "(";
        for (size_t i = 0; i < n->operands.size(); ++i)
            out += (i ? (n->op == BoolOp::And ? " and " : " or ") : "") +
                   dumpExpr(n->operands[i].get());
        return out + ")";
    }
    if (auto *n = expr->as<IfExp>())
        return fmt::format("({} if {} else {})", dumpExpr(n->body.get()), dumpExpr(n->test.get()),
                           dumpExpr(n->orelse.get()));
    return "<?>";
}

inline std::string dumpBlock(const syntax::Block &block, int indent = 0);

inline std::string dumpStmt(const syntax::Stmt &stmt, int indent) {
    using namespace syntax;
    std::string pad(static_cast<size_t>(indent) * 2, ' ');
    if (auto *s = stmt.as<Assign>()) {
        std::string out = pad;
        for (const ExprPtr &target : s->targets)
            out += dumpExpr(target.get()) + " = ";
        return out + dumpExpr(s->value.get()) + "\n";
    }
    if (auto *s = stmt.as<AugAssign>())
        return fmt::format("{}{} {}= {}\n", pad, dumpExpr(s->target.get()), binarySpelling(s->op),
                           dumpExpr(s->value.get()));
    if (auto *s = stmt.as<Return>())
        return pad + (s->value ? "return " + dumpExpr(s->value.get()) : "return") + "\n";
    if (auto *s = stmt.as<ExprStmt>())
        return pad + dumpExpr(s->value.get()) + "\n";
    if (auto *s = stmt.as<If>()) {
        std::string out =
            pad + "if " + dumpExpr(s->test.get()) + ":\n" + dumpBlock(s->body, indent + 1);
        if (!s->orelse.empty())
            out += pad + "else:\n" + dumpBlock(s->orelse, indent + 1);
        return out;
    }
    if (auto *s = stmt.as<For>())
        return fmt::format("{}for {} in {}:\n{}", pad, dumpExpr(s->target.get()),
                           dumpExpr(s->iter.get()), dumpBlock(s->body, indent + 1));
    if (auto *s = stmt.as<While>())
        return fmt::format("{}while {}:\n{}", pad, dumpExpr(s->test.get()),
                           dumpBlock(s->body, indent + 1));
    if (stmt.as<Break>())
        return pad + "break\n";
    if (stmt.as<Continue>())
        return pad + "continue\n";
    return pad + "pass\n";
}

inline std::string dumpBlock(const syntax::Block &block, int indent) {
    std::string out;
    for (const syntax::StmtPtr &stmt : block)
        out += dumpStmt(*stmt, indent);
    return out;
}

} // namespace npc::testing
