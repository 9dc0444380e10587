// Converts tree-sitter-python expression nodes (operators, calls, subscripts, slices,
// tuples, lists, conditionals) into syntax nodes, and rejects the other expression kinds.
#include "frontend/SyntaxConverter.h"

#include <fmt/format.h>
#include <set>

namespace npc::parser {
namespace {

/// Deeper expressions than this are rejected before they can exhaust the stack.
constexpr int kMaxExprDepth = 1000;

std::optional<syntax::BinaryOp> binaryOp(std::string_view op) {
    using syntax::BinaryOp;
    static const std::pair<std::string_view, BinaryOp> ops[] = {
        {"+", BinaryOp::Add},     {"-", BinaryOp::Sub},       {"*", BinaryOp::Mul},
        {"/", BinaryOp::Div},     {"//", BinaryOp::FloorDiv}, {"%", BinaryOp::Mod},
        {"**", BinaryOp::Pow},    {"@", BinaryOp::MatMul},    {"&", BinaryOp::BitAnd},
        {"|", BinaryOp::BitOr},   {"^", BinaryOp::BitXor},    {"<<", BinaryOp::LShift},
        {">>", BinaryOp::RShift},
    };
    for (const auto &[spelling, value] : ops)
        if (spelling == op)
            return value;
    return std::nullopt;
}

std::optional<syntax::CompareOp> compareOp(std::string_view op) {
    using syntax::CompareOp;
    static const std::pair<std::string_view, CompareOp> ops[] = {
        {"<", CompareOp::Lt},         {"<=", CompareOp::Le},        {">", CompareOp::Gt},
        {">=", CompareOp::Ge},        {"==", CompareOp::Eq},        {"!=", CompareOp::Ne},
        {"is", CompareOp::Is},        {"is not", CompareOp::IsNot}, {"in", CompareOp::In},
        {"not in", CompareOp::NotIn},
    };
    for (const auto &[spelling, value] : ops)
        if (spelling == op)
            return value;
    return std::nullopt;
}

/// Restores the depth counter however the conversion of a subexpression ends.
class DepthGuard {
public:
    DepthGuard(int &depth, TSNode node) : depth_(depth) {
        if (++depth_ > kMaxExprDepth)
            throw UserError(locOf(node), "expression nested too deeply");
    }
    ~DepthGuard() { --depth_; }
    DepthGuard(const DepthGuard &) = delete;
    DepthGuard &operator=(const DepthGuard &) = delete;

private:
    int &depth_;
};

} // namespace

syntax::ExprPtr SyntaxConverter::convertExpr(TSNode node) {
    DepthGuard guard(exprDepth_, node);
    return convertExprUnchecked(node);
}

syntax::ExprPtr SyntaxConverter::convertExprUnchecked(TSNode node) {
    std::string_view type = nodeType(node);
    if (type == "identifier" || type == "keyword_identifier") {
        // tree-sitter's error recovery can make a keyword a name (`if c: a = 1; else: b = 2`
        // parses `else: b = 2` as an annotated assignment to `else`); Python never does.
        static const std::set<std::string_view> kKeywords = {
            "and",    "as",   "assert", "async",  "await",  "break",   "class",    "continue",
            "def",    "del",  "elif",   "else",   "except", "finally", "for",      "from",
            "global", "if",   "import", "in",     "is",     "lambda",  "nonlocal", "not",
            "or",     "pass", "raise",  "return", "try",    "while",   "with",     "yield"};
        if (kKeywords.count(textOf(node)))
            throw UserError(locOf(node), "invalid syntax");
        return makeExpr(node, syntax::Name{std::string(textOf(node))});
    }
    if (type == "integer" || type == "float")
        return convertNumber(node, false);
    if (type == "string" || type == "concatenated_string")
        return convertString(node);
    if (type == "true" || type == "false")
        return makeExpr(node, syntax::BoolLiteral{type == "true"});
    if (type == "none")
        return makeExpr(node, syntax::NoneLiteral{});
    if (type == "ellipsis")
        return makeExpr(node, syntax::EllipsisLiteral{});
    if (type == "attribute") {
        TSNode attr = fieldOf(node, "attribute");
        return makeExpr(node, syntax::Attribute{convertExpr(fieldOf(node, "object")),
                                                std::string(textOf(attr)), locOf(attr)});
    }
    if (type == "call")
        return convertCall(node);
    if (type == "subscript")
        return convertSubscript(node);
    if (type == "slice")
        return convertSlice(node);
    if (type == "binary_operator")
        return convertBinary(node);
    if (type == "unary_operator" || type == "not_operator")
        return convertUnary(node);
    if (type == "boolean_operator")
        return convertBoolean(node);
    if (type == "comparison_operator")
        return convertComparison(node);
    if (type == "conditional_expression")
        return convertConditional(node);
    if (type == "tuple" || type == "expression_list")
        return convertSequence(node, false);
    if (type == "list")
        return convertSequence(node, true);
    if (type == "parenthesized_expression") {
        std::vector<TSNode> inner = namedChildrenOf(node);
        NPC_ASSERT(inner.size() == 1, "parenthesized expression with several children");
        return convertExpr(inner[0]);
    }
    unsupported(node);
}

syntax::ExprPtr SyntaxConverter::convertCall(TSNode node) {
    syntax::Call call;
    call.func = convertExpr(fieldOf(node, "function"));
    TSNode arguments = fieldOf(node, "arguments");
    if (nodeType(arguments) != "argument_list") // `f(x for x in y)`
        unsupported(arguments);
    for (TSNode arg : namedChildrenOf(arguments)) {
        if (nodeType(arg) != "keyword_argument") {
            if (!call.keywords.empty())
                throw UserError(locOf(arg), "positional argument follows keyword argument");
            call.args.push_back(convertExpr(arg));
            continue;
        }
        TSNode name = fieldOf(arg, "name");
        std::string keyword(textOf(name));
        for (const syntax::Keyword &previous : call.keywords)
            if (previous.name == keyword)
                throw UserError(locOf(name), fmt::format("keyword argument repeated: {}", keyword));
        call.keywords.push_back({keyword, convertExpr(fieldOf(arg, "value")), locOf(arg)});
    }
    return makeExpr(node, std::move(call));
}

syntax::ExprPtr SyntaxConverter::convertSubscript(TSNode node) {
    syntax::Subscript out;
    out.value = convertExpr(fieldOf(node, "value"));
    // `means[:, None]` has one `subscript` field child per index.
    for (TSNode index : fieldChildrenOf(node, "subscript"))
        out.indices.push_back(convertExpr(index));
    NPC_ASSERT(!out.indices.empty(), "subscript without an index");
    return makeExpr(node, std::move(out));
}

syntax::ExprPtr SyntaxConverter::convertSlice(TSNode node) {
    // Children: [lower] ':' [upper] [':' [step]]; the colons say which part is which.
    syntax::Slice out;
    int colons = 0;
    for (const FieldChild &child : childrenOf(node)) {
        if (!ts_node_is_named(child.node)) {
            if (nodeType(child.node) == ":")
                ++colons;
            continue;
        }
        syntax::ExprPtr part = convertExpr(child.node);
        if (colons == 0)
            out.lower = std::move(part);
        else if (colons == 1)
            out.upper = std::move(part);
        else
            out.step = std::move(part);
    }
    return makeExpr(node, std::move(out));
}

syntax::ExprPtr SyntaxConverter::convertBinary(TSNode node) {
    TSNode op = fieldOf(node, "operator");
    std::optional<syntax::BinaryOp> value = binaryOp(nodeType(op));
    NPC_ASSERT(value.has_value(), fmt::format("unknown binary operator '{}'", nodeType(op)));
    return makeExpr(node, syntax::Binary{*value, convertExpr(fieldOf(node, "left")),
                                         convertExpr(fieldOf(node, "right"))});
}

syntax::ExprPtr SyntaxConverter::convertUnary(TSNode node) {
    TSNode argument = fieldOf(node, "argument");
    if (nodeType(node) == "not_operator")
        return makeExpr(node, syntax::Unary{syntax::UnaryOp::Not, convertExpr(argument)});
    std::string_view op = nodeType(fieldOf(node, "operator"));
    // `-9223372036854775808` is an int64 although its magnitude alone is not.
    if (op == "-" && nodeType(argument) == "integer")
        if (syntax::ExprPtr folded = convertNumber(argument, true)) {
            folded->loc = locOf(node);
            return folded;
        }
    syntax::UnaryOp value = op == "-"   ? syntax::UnaryOp::Neg
                            : op == "+" ? syntax::UnaryOp::Pos
                                        : syntax::UnaryOp::Invert;
    NPC_ASSERT(op == "-" || op == "+" || op == "~", fmt::format("unknown unary '{}'", op));
    return makeExpr(node, syntax::Unary{value, convertExpr(argument)});
}

syntax::ExprPtr SyntaxConverter::convertBoolean(TSNode node) {
    std::string_view op = nodeType(fieldOf(node, "operator"));
    syntax::BoolOp value = op == "and" ? syntax::BoolOp::And : syntax::BoolOp::Or;
    // `a and b and c` nests to the left; flatten runs of the same operator.
    std::vector<TSNode> operands = {fieldOf(node, "right")};
    TSNode left = fieldOf(node, "left");
    while (nodeType(left) == "boolean_operator" && nodeType(fieldOf(left, "operator")) == op) {
        operands.push_back(fieldOf(left, "right"));
        left = fieldOf(left, "left");
    }
    operands.push_back(left);
    syntax::BoolOperation out{value, {}};
    for (auto it = operands.rbegin(); it != operands.rend(); ++it)
        out.operands.push_back(convertExpr(*it));
    return makeExpr(node, std::move(out));
}

syntax::ExprPtr SyntaxConverter::convertComparison(TSNode node) {
    // Operands are the named children; each operator is an anonymous `operators` child
    // (`is not` and `not in` are one node each).
    syntax::Compare out;
    for (const FieldChild &child : childrenOf(node)) {
        if (child.field == "operators") {
            std::optional<syntax::CompareOp> op = compareOp(nodeType(child.node));
            if (!op) // Python 2's `<>`, which the grammar still accepts
                throw UserError(locOf(child.node), "invalid syntax");
            out.ops.push_back(*op);
            continue;
        }
        if (ts_node_is_named(child.node))
            out.operands.push_back(convertExpr(child.node));
    }
    NPC_ASSERT(out.operands.size() == out.ops.size() + 1, "malformed comparison chain");
    return makeExpr(node, std::move(out));
}

syntax::ExprPtr SyntaxConverter::convertConditional(TSNode node) {
    // `body if test else orelse`: three unnamed-field children in source order.
    std::vector<TSNode> parts = namedChildrenOf(node);
    NPC_ASSERT(parts.size() == 3, "conditional expression without three parts");
    syntax::IfExp out;
    out.body = convertExpr(parts[0]);
    out.test = convertExpr(parts[1]);
    out.orelse = convertExpr(parts[2]);
    return makeExpr(node, std::move(out));
}

syntax::ExprPtr SyntaxConverter::convertSequence(TSNode node, bool isList) {
    std::vector<syntax::ExprPtr> elements;
    for (TSNode element : namedChildrenOf(node))
        elements.push_back(convertExpr(element));
    if (isList)
        return makeExpr(node, syntax::List{std::move(elements)});
    return makeExpr(node, syntax::Tuple{std::move(elements)});
}

} // namespace npc::parser
