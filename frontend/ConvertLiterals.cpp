// Converts number and string nodes into literals: ints (checked against int64), floats,
// imaginary numbers, and plain or raw strings (f-strings and bytes are rejected).
#include "frontend/Literals.h"
#include "frontend/SyntaxConverter.h"

#include <cctype>
#include <fmt/format.h>

namespace npc::parser {
namespace {

constexpr uint64_t kInt64Max = 9223372036854775807ULL;

bool isImaginary(std::string_view text) {
    return !text.empty() && (text.back() == 'j' || text.back() == 'J');
}

} // namespace

syntax::ExprPtr SyntaxConverter::convertNumber(TSNode node, bool negated) {
    std::string_view text = textOf(node);
    SourceLoc loc = locOf(node);
    if (isImaginary(text)) {
        if (negated)
            return nullptr;
        return makeExpr(
            node, syntax::ImagLiteral{parseFloatLiteral(text.substr(0, text.size() - 1), loc)});
    }
    if (nodeType(node) == "float") {
        if (negated)
            return nullptr;
        return makeExpr(node, syntax::FloatLiteral{parseFloatLiteral(text, loc)});
    }
    uint64_t magnitude = parseIntegerLiteral(text, loc);
    if (negated) {
        if (magnitude != kInt64Max + 1)
            return nullptr;
        return makeExpr(node, syntax::IntLiteral{INT64_MIN});
    }
    if (magnitude > kInt64Max)
        throw UserError(loc, "integer literal too large");
    return makeExpr(node, syntax::IntLiteral{static_cast<int64_t>(magnitude)});
}

syntax::ExprPtr SyntaxConverter::convertString(TSNode node) {
    if (nodeType(node) == "string")
        return makeExpr(node, syntax::StringLiteral{stringValue(node)});
    // `'a' 'b'`: adjacent literals concatenate.
    std::string value;
    for (TSNode part : namedChildrenOf(node))
        value += stringValue(part);
    return makeExpr(node, syntax::StringLiteral{std::move(value)});
}

std::string SyntaxConverter::stringValue(TSNode node) {
    NPC_ASSERT(nodeType(node) == "string", "expected a string node");
    std::vector<TSNode> parts = namedChildrenOf(node);
    NPC_ASSERT(parts.size() >= 2 && nodeType(parts.front()) == "string_start" &&
                   nodeType(parts.back()) == "string_end",
               "string without start and end");
    std::string_view start = textOf(parts.front());
    bool raw = false;
    for (char c : start) {
        char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lower == 'f')
            unsupported(node, "f-string");
        if (lower == 'b')
            unsupported(node, "bytes literal");
        if (lower == 't')
            unsupported(node, "template string");
        raw = raw || lower == 'r';
    }
    uint32_t bodyBegin = ts_node_end_byte(parts.front());
    uint32_t bodyEnd = ts_node_start_byte(parts.back());
    std::string_view body = std::string_view(file_.text).substr(bodyBegin, bodyEnd - bodyBegin);
    return decodeStringBody(body, raw, locOf(node));
}

} // namespace npc::parser
