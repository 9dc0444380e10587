// Converts the statements of a function body (assignments, if/elif/else, loops, return,
// break, continue, pass) into syntax nodes, and rejects every other statement kind.
#include "frontend/SyntaxConverter.h"

#include "frontend/Literals.h"

#include <array>

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
    return makeStmt(node, syntax::ExprStmt{convertExpr(expr)});
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

void SyntaxConverter::desugarIteration(syntax::For &loop, SourceLoc loc) {
    auto expr = [&](auto node) {
        return std::make_unique<syntax::Expr>(syntax::Expr{loc, std::move(node)});
    };
    auto name = [&](const std::string &id) { return expr(syntax::Name{id}); };
    auto call = [&](const char *fn, std::vector<syntax::ExprPtr> args) {
        return expr(syntax::Call{name(fn), std::move(args), {}});
    };
    std::string tag = std::to_string(loc.begin);
    std::string counter = "__npc_k" + tag;
    std::vector<syntax::ExprPtr> sources;
    syntax::ExprPtr start;
    auto *c = std::get_if<syntax::Call>(&loop.iter->node);
    auto *fn = c ? c->func->as<syntax::Name>() : nullptr;
    bool enumerate = fn && fn->id == "enumerate", zip = fn && fn->id == "zip";
    if (enumerate || zip) {
        auto &args = c->args;
        auto &keywords = c->keywords;
        if (enumerate && keywords.size() == 1 && keywords[0].name == "start" && args.size() == 1)
            start = std::move(keywords[0].value);
        else if (!keywords.empty())
            throw UserError(keywords[0].loc, fmt::format("npc supports {}() without keywords "
                                                         "other than enumerate's start",
                                                         fn->id));
        if (enumerate && (args.empty() || args.size() > 2))
            throw UserError(loop.iter->loc, "enumerate() takes an iterable and a start");
        if (zip && args.empty())
            throw UserError(loop.iter->loc, "npc needs zip() of at least one array");
        if (enumerate && args.size() == 2)
            start = std::move(args[1]);
        if (start) { // an int, checked once (SyntaxConverter's hidden names: LowerAssign.cpp)
            syntax::Assign bindOnce;
            bindOnce.targets.push_back(std::make_unique<syntax::Expr>(
                syntax::Expr{start->loc, syntax::Name{"__npc_start" + tag}}));
            bindOnce.value = std::move(start);
            prelude_.push_back(
                std::make_unique<syntax::Stmt>(syntax::Stmt{loc, std::move(bindOnce)}));
            start = name("__npc_start" + tag);
        }
        for (size_t i = 0; i < (enumerate ? 1 : args.size()); ++i)
            sources.push_back(std::move(args[i]));
    } else {
        sources.push_back(std::move(loop.iter));
    }
    std::vector<syntax::ExprPtr> lengths, items;
    for (size_t i = 0; i < sources.size(); ++i) {
        std::string hidden = fmt::format("__npc_iter{}_{}", tag, i);
        syntax::Assign bindOnce;
        bindOnce.targets.push_back(name(hidden));
        bindOnce.value = std::move(sources[i]);
        prelude_.push_back(std::make_unique<syntax::Stmt>(syntax::Stmt{loc, std::move(bindOnce)}));
        std::vector<syntax::ExprPtr> len;
        len.push_back(name(hidden));
        lengths.push_back(call("len", std::move(len)));
        std::vector<syntax::ExprPtr> index;
        index.push_back(name(counter));
        items.push_back(expr(syntax::Subscript{name(hidden), std::move(index)}));
    }
    std::vector<syntax::ExprPtr> stop;
    stop.push_back(lengths.size() == 1 ? std::move(lengths[0]) : call("min", std::move(lengths)));
    loop.iter = call("range", std::move(stop));
    syntax::ExprPtr value = zip ? expr(syntax::Tuple{std::move(items)}) : std::move(items[0]);
    if (enumerate) {
        syntax::ExprPtr count = name(counter);
        if (start)
            count = expr(syntax::Binary{syntax::BinaryOp::Add, std::move(count), std::move(start)});
        std::vector<syntax::ExprPtr> pair;
        pair.push_back(std::move(count));
        pair.push_back(std::move(value));
        value = expr(syntax::Tuple{std::move(pair)});
    }
    syntax::Assign element;
    element.targets.push_back(std::move(loop.target));
    element.value = std::move(value);
    loop.body.insert(loop.body.begin(),
                     std::make_unique<syntax::Stmt>(syntax::Stmt{loc, std::move(element)}));
    loop.target = name(counter);
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

namespace {
/// The exceptions a `raise` may name: those npc's runtime has (runtime/npc/error.h;
/// `Exception` is npc::Error).
constexpr std::array<std::string_view, 10> kRaisable = {
    "Exception",     "ValueError",      "TypeError",    "IndexError",          "ZeroDivisionError",
    "OverflowError", "ArithmeticError", "RuntimeError", "NotImplementedError", "AssertionError"};
} // namespace

void SyntaxConverter::raiseMessage(TSNode node, syntax::Raise &out) {
    std::vector<TSNode> strings;
    if (nodeType(node) == "string")
        strings.push_back(node);
    else if (nodeType(node) == "concatenated_string")
        strings = namedChildrenOf(node);
    bool formatted = std::any_of(strings.begin(), strings.end(), [&](TSNode s) {
        std::string_view start = textOf(namedChildrenOf(s).front());
        return start.find_first_of("fF") != std::string_view::npos;
    });
    if (!formatted) {
        out.message = constantMessage(node);
        return;
    }
    std::string text;
    for (TSNode s : strings) {
        std::vector<TSNode> parts = namedChildrenOf(s);
        std::string_view start = textOf(parts.front());
        bool raw = start.find_first_of("rR") != std::string_view::npos;
        if (start.find_first_of("bB") != std::string_view::npos)
            unsupported(s, "bytes literal");
        for (size_t i = 1; i + 1 < parts.size(); ++i) {
            TSNode part = parts[i];
            if (nodeType(part) == "interpolation") {
                TSNode value = fieldOf(part, "expression");
                bool selfDocumenting = false; // `{n=}`
                for (const FieldChild &c : childrenOf(part))
                    selfDocumenting |= nodeType(c.node) == "=";
                if (!ts_node_is_null(fieldOf(part, "type_conversion")) ||
                    !ts_node_is_null(fieldOf(part, "format_specifier")) || selfDocumenting)
                    throw UserError(locOf(part), "npc formats {value} in raise messages without "
                                                 "conversions (!r), '=' or format "
                                                 "specifications");
                out.pieces.push_back(std::move(text));
                text.clear();
                out.values.push_back(convertExpr(value));
                continue;
            }
            // Text, with `{{` and `}}` for braces.
            std::string piece = decodeStringBody(textOf(part), raw, locOf(part));
            for (size_t at = 0; at < piece.size(); ++at) {
                text += piece[at];
                if ((piece[at] == '{' || piece[at] == '}') && at + 1 < piece.size() &&
                    piece[at + 1] == piece[at])
                    ++at;
            }
        }
    }
    out.pieces.push_back(std::move(text));
    if (out.values.empty()) { // an f-string without placeholders
        out.message = out.pieces[0];
        out.pieces.clear();
    }
}

std::string SyntaxConverter::constantMessage(TSNode node) {
    syntax::ExprPtr e = convertExpr(node);
    if (auto *s = e->as<syntax::StringLiteral>())
        return s->value;
    throw UserError(locOf(node), "npc raises exceptions with a constant message or an "
                                 "f-string: write a string literal here (raise "
                                 "ValueError(\"...\"), ValueError(f\"got {n}\"))");
}

syntax::StmtPtr SyntaxConverter::convertRaise(TSNode node) {
    TSNode cause = fieldOf(node, "cause");
    std::vector<TSNode> children;
    for (TSNode child : namedChildrenOf(node))
        if (ts_node_is_null(cause) || !ts_node_eq(child, cause))
            children.push_back(child);
    if (children.empty())
        throw UserError(locOf(node), "a bare 'raise' re-raises the exception being handled, "
                                     "and npc has no try/except: raise an exception such as "
                                     "ValueError(\"...\")");
    // The cause only shows in Python's traceback; it must be an exception or None.
    if (!ts_node_is_null(cause) && nodeType(cause) != "none") {
        TSNode causeClass = nodeType(cause) == "call" ? fieldOf(cause, "function") : cause;
        if (std::find(kRaisable.begin(), kRaisable.end(), textOf(causeClass)) == kRaisable.end())
            throw UserError(locOf(cause), "npc takes 'from None' or a built-in exception as "
                                          "the cause (exception causes must derive from "
                                          "BaseException)");
    }
    TSNode raised = children[0];
    TSNode cls = nodeType(raised) == "call" ? fieldOf(raised, "function") : raised;
    std::string name(textOf(cls));
    if (nodeType(cls) != "identifier" ||
        std::find(kRaisable.begin(), kRaisable.end(), name) == kRaisable.end()) {
        std::string names;
        for (std::string_view n : kRaisable)
            names += (names.empty() ? "" : ", ") + std::string(n);
        throw UserError(locOf(cls),
                        fmt::format("npc raises only the built-in exceptions {}", names));
    }
    syntax::Raise out{std::move(name), "", {}, {}};
    if (nodeType(raised) == "call") {
        TSNode args = fieldOf(raised, "arguments");
        std::vector<TSNode> given = namedChildrenOf(args);
        if (given.size() > 1 || nodeType(args) != "argument_list")
            throw UserError(locOf(args), "npc raises exceptions with one constant message: "
                                         "raise ValueError(\"...\")");
        if (given.size() == 1)
            raiseMessage(given[0], out);
    }
    return makeStmt(node, std::move(out));
}

syntax::StmtPtr SyntaxConverter::convertAssert(TSNode node) {
    std::vector<TSNode> parts = namedChildrenOf(node);
    syntax::Raise raise{"AssertionError", "", {}, {}};
    if (parts.size() > 1)
        raiseMessage(parts[1], raise);
    if (nodeType(parts.at(0)) == "false") // `assert False, "..."` always raises
        return makeStmt(node, std::move(raise));
    syntax::If out;
    out.test = makeExpr(parts.at(0), syntax::Unary{syntax::UnaryOp::Not, convertExpr(parts[0])});
    out.body.push_back(makeStmt(node, std::move(raise)));
    return makeStmt(node, std::move(out));
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
