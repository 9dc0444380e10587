// Statements npc lowers through simpler ones: `raise` and `assert` (their classes and
// messages, f-strings included), and `for` loops over arrays, enumerate and zip, which
// become range loops over names bound once (see SyntaxConverter::desugarIteration).
#include "frontend/SyntaxConverter.h"

#include "frontend/Literals.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>

namespace npc::parser {

void SyntaxConverter::desugarIteration(syntax::For &loop, SourceLoc loc) {
    auto expr = [&](auto node) {
        return std::make_unique<syntax::Expr>(syntax::Expr{loc, std::move(node)});
    };
    auto name = [&](const std::string &id) { return expr(syntax::Name{id}); };
    auto call = [&](const char *fn, std::vector<syntax::ExprPtr> args) {
        return expr(syntax::Call{name(fn), std::move(args), {}});
    };
    std::string tag = std::to_string(loc.begin);
    std::string counter = std::string(syntax::kHiddenPosition) + tag;
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
                syntax::Expr{start->loc, syntax::Name{std::string(syntax::kHiddenStart) + tag}}));
            bindOnce.value = std::move(start);
            prelude_.push_back(
                std::make_unique<syntax::Stmt>(syntax::Stmt{loc, std::move(bindOnce)}));
            start = name(std::string(syntax::kHiddenStart) + tag);
        }
        for (size_t i = 0; i < (enumerate ? 1 : args.size()); ++i)
            sources.push_back(std::move(args[i]));
    } else {
        sources.push_back(std::move(loop.iter));
    }
    std::vector<syntax::ExprPtr> lengths, items;
    for (size_t i = 0; i < sources.size(); ++i) {
        std::string hidden = fmt::format("{}{}_{}", syntax::kHiddenIterated, tag, i);
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

} // namespace npc::parser
