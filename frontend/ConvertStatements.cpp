// Converts the statements of a function body (assignments, if/elif/else, loops, return,
// break, continue, pass, raise, assert: the last two and loops over arrays in
// ConvertDesugared.cpp) into syntax nodes, and rejects every other statement kind.
#include "frontend/SyntaxConverter.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace npc::parser {
namespace {

std::optional<syntax::BinaryOp> augmentedOp(std::string_view op) {
    using syntax::BinaryOp;
    static const std::pair<std::string_view, BinaryOp> ops[] = {
        {"+=", BinaryOp::Add},     {"-=", BinaryOp::Sub},       {"*=", BinaryOp::Mul},
        {"/=", BinaryOp::Div},     {"//=", BinaryOp::FloorDiv}, {"%=", BinaryOp::Mod},
        {"**=", BinaryOp::Pow},    {"@=", BinaryOp::MatMul},    {"&=", BinaryOp::BitAnd},
        {"|=", BinaryOp::BitOr},   {"^=", BinaryOp::BitXor},    {"<<=", BinaryOp::LShift},
        {">>=", BinaryOp::RShift},
    };
    for (const auto &[spelling, value] : ops)
        if (spelling == op)
            return value;
    return std::nullopt;
}

/// The whitespace before `offset` on its line, or nullopt if other text precedes it.
std::optional<std::string_view> indentationOf(std::string_view text, uint32_t offset) {
    size_t lineStart = text.rfind('\n', offset == 0 ? 0 : offset - 1);
    lineStart = offset == 0 || lineStart == std::string_view::npos ? 0 : lineStart + 1;
    std::string_view prefix = text.substr(lineStart, offset - lineStart);
    if (prefix.find_first_not_of(" \t\f") != std::string_view::npos)
        return std::nullopt;
    return prefix;
}

/// Statements with an indented body.
bool isCompoundStatement(TSNode node) {
    static const std::string_view kinds[] = {
        "if_statement",        "for_statement",    "while_statement",
        "try_statement",       "with_statement",   "match_statement",
        "function_definition", "class_definition", "decorated_definition",
    };
    return std::find(std::begin(kinds), std::end(kinds), nodeType(node)) != std::end(kinds);
}

/// Rejects an `else:` clause on a loop (for-else, while-else).
void rejectLoopElse(TSNode loop, std::string_view what) {
    if (TSNode alternative = fieldOf(loop, "alternative"); !ts_node_is_null(alternative))
        unsupported(alternative, what);
}

} // namespace

syntax::Block SyntaxConverter::convertBlock(TSNode block) {
    std::vector<TSNode> statements = namedChildrenOf(block);
    // tree-sitter accepts `def f():` followed by an unindented line as an empty block.
    if (statements.empty()) {
        uint32_t at = ts_node_start_byte(block);
        while (at < file_.text.size() && std::isspace(static_cast<unsigned char>(file_.text[at])))
            ++at;
        throw UserError({at, at}, "expected an indented block");
    }
    checkIndentation(statements, false);
    syntax::Block out;
    for (TSNode statement : statements) {
        syntax::StmtPtr converted = convertStatement(statement);
        for (syntax::StmtPtr &before : prelude_)
            out.push_back(std::move(before));
        prelude_.clear();
        out.push_back(std::move(converted));
    }
    return out;
}

void SyntaxConverter::checkIndentation(const std::vector<TSNode> &statements,
                                       bool moduleLevel) const {
    std::optional<std::string_view> expected;
    if (moduleLevel)
        expected = std::string_view();
    TSNode previous = {};
    for (TSNode statement : statements) {
        bool afterCompound = !ts_node_is_null(previous) && isCompoundStatement(previous);
        previous = statement;
        std::optional<std::string_view> indent =
            indentationOf(file_.text, ts_node_start_byte(statement));
        if (!indent) // not the first statement on its line (`a = 1; b = 2`, `if x: pass`)
            continue;
        if (!expected) {
            expected = indent;
            continue;
        }
        if (*indent == *expected)
            continue;
        // Deeper than the block: a dedent out of the previous statement's body that
        // stopped between two levels, or an indent after a simple statement.
        if (indent->substr(0, expected->size()) == *expected && !afterCompound)
            throw UserError(locOf(statement), "unexpected indent");
        if (expected->substr(0, indent->size()) == *indent || afterCompound)
            throw UserError(locOf(statement),
                            "unindent does not match any outer indentation level");
        throw UserError(locOf(statement), "inconsistent use of tabs and spaces in indentation");
    }
}

syntax::StmtPtr SyntaxConverter::convertStatement(TSNode node) {
    std::string_view type = nodeType(node);
    if (type == "expression_statement")
        return convertExpressionStatement(node);
    if (type == "return_statement")
        return convertReturn(node);
    if (type == "if_statement")
        return convertIf(node);
    if (type == "for_statement")
        return convertFor(node);
    if (type == "while_statement")
        return convertWhile(node);
    if (type == "break_statement" || type == "continue_statement")
        return convertLoopJump(node);
    if (type == "pass_statement")
        return makeStmt(node, syntax::Pass{});
    if (type == "raise_statement")
        return convertRaise(node);
    if (type == "assert_statement")
        return convertAssert(node);
    if (type == "decorated_definition")
        unsupported(node, "nested function definition");
    unsupported(node);
}

syntax::StmtPtr SyntaxConverter::convertExpressionStatement(TSNode node) {
    std::vector<TSNode> children = namedChildrenOf(node);
    if (children.size() > 1) { // `a, b` as a statement: a bare tuple
        syntax::Tuple tuple;
        for (TSNode child : children)
            tuple.elements.push_back(convertExpr(child));
        return makeStmt(node, syntax::ExprStmt{makeExpr(node, std::move(tuple))});
    }
    TSNode expr = children.at(0);
    std::string_view type = nodeType(expr);
    if (type == "assignment")
        return convertAssignment(expr);
    if (type == "augmented_assignment")
        return convertAugmentedAssignment(expr);
    syntax::ExprPtr value = convertExpr(expr);
    return makeStmt(node, syntax::ExprStmt{std::move(value), convertUfuncAtTarget(expr)});
}

syntax::ExprPtr SyntaxConverter::convertUfuncAtTarget(TSNode call) {
    if (nodeType(call) != "call")
        return nullptr;
    TSNode function = fieldOf(call, "function");
    TSNode arguments = fieldOf(call, "arguments");
    if (nodeType(function) != "attribute" || textOf(fieldOf(function, "attribute")) != "at" ||
        nodeType(arguments) != "argument_list")
        return nullptr;
    std::vector<TSNode> args = namedChildrenOf(arguments);
    if (args.size() < 2 || args.size() > 3 || std::any_of(args.begin(), args.end(), [&](TSNode a) {
            std::string_view t = nodeType(a);
            return t == "keyword_argument" || t == "list_splat" || t == "dictionary_splat";
        }))
        return nullptr;
    syntax::Subscript target;
    target.value = convertExpr(args[0]);
    // `(i, j)` indexes as a[i, j] does.
    if (nodeType(args[1]) == "tuple")
        for (TSNode index : namedChildrenOf(args[1]))
            target.indices.push_back(convertExpr(index));
    else
        target.indices.push_back(convertExpr(args[1]));
    if (target.indices.empty()) // `()`: the whole array, a[()]
        return nullptr;
    return makeExpr(args[1], std::move(target));
}

syntax::StmtPtr SyntaxConverter::convertAssignment(TSNode node) {
    syntax::Assign assign;
    TSNode current = node;
    // `x: T` declares nothing npc uses; in `x: T = v` the annotation is dropped (types
    // are inferred from the values).
    if (ts_node_is_null(fieldOf(node, "right")) && !ts_node_is_null(fieldOf(node, "type"))) {
        convertTarget(fieldOf(node, "left"));
        return makeStmt(node, syntax::Pass{});
    }
    // `a = b = v` nests as assignment(a, assignment(b, v)).
    while (nodeType(current) == "assignment") {
        // tree-sitter accepts an annotation after `=` (`f = x: int`), Python does not.
        if (!ts_node_eq(current, node) && !ts_node_is_null(fieldOf(current, "type")))
            for (const FieldChild &child : childrenOf(current))
                if (nodeType(child.node) == ":")
                    throw UserError(locOf(child.node), "invalid syntax");
        assign.targets.push_back(convertTarget(fieldOf(current, "left")));
        current = fieldOf(current, "right");
        NPC_ASSERT(!ts_node_is_null(current), "assignment without a value");
    }
    if (nodeType(current) == "augmented_assignment")
        throw UserError(locOf(current), "invalid syntax");
    assign.value = convertExpr(current);
    return makeStmt(node, std::move(assign));
}

syntax::StmtPtr SyntaxConverter::convertAugmentedAssignment(TSNode node) {
    TSNode op = fieldOf(node, "operator");
    std::optional<syntax::BinaryOp> binaryOp = augmentedOp(nodeType(op));
    NPC_ASSERT(binaryOp.has_value(), fmt::format("unknown operator '{}'", nodeType(op)));
    TSNode left = fieldOf(node, "left");
    std::string_view leftType = nodeType(left);
    if (leftType != "identifier" && leftType != "subscript" && leftType != "attribute")
        throw UserError(locOf(left), "illegal expression for augmented assignment");
    return makeStmt(node, syntax::AugAssign{convertTarget(left), *binaryOp,
                                            convertExpr(fieldOf(node, "right"))});
}

syntax::StmtPtr SyntaxConverter::convertIf(TSNode node) {
    syntax::If out;
    out.test = convertExpr(fieldOf(node, "condition"));
    out.body = convertBlock(fieldOf(node, "consequence"));
    out.orelse = convertIfTail(fieldChildrenOf(node, "alternative"), 0);
    return makeStmt(node, std::move(out));
}

/// `elif` clauses become an If nested in the previous clause's orelse.
syntax::Block SyntaxConverter::convertIfTail(const std::vector<TSNode> &alternatives,
                                             size_t index) {
    if (index == alternatives.size())
        return {};
    TSNode clause = alternatives[index];
    if (nodeType(clause) == "else_clause")
        return convertBlock(fieldOf(clause, "body"));
    NPC_ASSERT(nodeType(clause) == "elif_clause", "unexpected if alternative");
    syntax::If nested;
    nested.test = convertExpr(fieldOf(clause, "condition"));
    nested.body = convertBlock(fieldOf(clause, "consequence"));
    nested.orelse = convertIfTail(alternatives, index + 1);
    // The nested If spans from its `elif` to the end of the whole chain.
    SourceLoc loc{ts_node_start_byte(clause), ts_node_end_byte(alternatives.back())};
    syntax::Block out;
    out.push_back(std::make_unique<syntax::Stmt>(syntax::Stmt{loc, std::move(nested)}));
    return out;
}

syntax::StmtPtr SyntaxConverter::convertFor(TSNode node) {
    for (const FieldChild &child : childrenOf(node))
        if (nodeType(child.node) == "async")
            unsupported(node, "async for");
    rejectLoopElse(node, "else clause on a for loop");
    syntax::For out;
    out.target = convertTarget(fieldOf(node, "left"));
    out.iter = convertExpr(fieldOf(node, "right"));
    ++loopDepth_;
    out.body = convertBlock(fieldOf(node, "body"));
    --loopDepth_;
    auto *call = out.iter->as<syntax::Call>();
    auto *fn = call ? call->func->as<syntax::Name>() : nullptr;
    if (!fn || fn->id != "range")
        desugarIteration(out, locOf(fieldOf(node, "right")));
    return makeStmt(node, std::move(out));
}

syntax::StmtPtr SyntaxConverter::convertWhile(TSNode node) {
    rejectLoopElse(node, "else clause on a while loop");
    syntax::While out;
    out.test = convertExpr(fieldOf(node, "condition"));
    ++loopDepth_;
    out.body = convertBlock(fieldOf(node, "body"));
    --loopDepth_;
    return makeStmt(node, std::move(out));
}

syntax::StmtPtr SyntaxConverter::convertReturn(TSNode node) {
    std::vector<TSNode> children = namedChildrenOf(node);
    if (children.empty())
        return makeStmt(node, syntax::Return{});
    return makeStmt(node, syntax::Return{convertExpr(children[0])});
}

syntax::StmtPtr SyntaxConverter::convertLoopJump(TSNode node) {
    bool isBreak = nodeType(node) == "break_statement";
    if (loopDepth_ == 0)
        throw UserError(locOf(node),
                        fmt::format("'{}' outside loop", isBreak ? "break" : "continue"));
    if (isBreak)
        return makeStmt(node, syntax::Break{});
    return makeStmt(node, syntax::Continue{});
}

syntax::ExprPtr SyntaxConverter::convertTarget(TSNode node) {
    std::string_view type = nodeType(node);
    if (type == "identifier" || type == "subscript" || type == "attribute")
        return convertExpr(node);
    if (type == "parenthesized_expression") {
        std::vector<TSNode> inner = namedChildrenOf(node);
        NPC_ASSERT(inner.size() == 1, "parenthesized target with several children");
        return convertTarget(inner[0]);
    }
    // `a, b = ...`, `(a, b) = ...` and `[a, b] = ...` all unpack the same way.
    if (type == "pattern_list" || type == "tuple_pattern" || type == "list_pattern" ||
        type == "tuple" || type == "list" || type == "expression_list") {
        syntax::Tuple tuple;
        for (TSNode element : namedChildrenOf(node))
            tuple.elements.push_back(convertTarget(element));
        return makeExpr(node, std::move(tuple));
    }
    if (type == "list_splat_pattern" || type == "list_splat")
        unsupported(node, "starred assignment target");
    throw UserError(locOf(node), fmt::format("cannot assign to {}", constructName(type)));
}

} // namespace npc::parser
