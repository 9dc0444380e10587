// Finds `# npc export` and `#pythran export` comments in the raw source text and parses
// their function signatures (scalar and array argument types) with located errors.
#include "frontend/Signature.h"

#include "frontend/SignatureTypes.h"

#include <algorithm>
#include <fmt/format.h>

namespace npc {
namespace {

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}
bool isIdentStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
}
bool isIdentChar(char c) {
    return isIdentStart(c) || (c >= '0' && c <= '9');
}

/// A cursor over one comment line; offsets are reported as byte offsets into the file.
class LineParser {
public:
    LineParser(std::string_view line, uint32_t base) : line_(line), base_(base) {}

    /// Matches `#`, spaces, `npc` or `pythran`, spaces, `export`, then a space or the
    /// end of the line. Leaves the cursor after `export`.
    bool matchHeader() {
        skipSpaces();
        if (!eat('#'))
            return false;
        skipSpaces();
        std::string_view tool = identifier();
        if (tool != "npc" && tool != "pythran")
            return false;
        size_t beforeSpaces = pos_;
        skipSpaces();
        if (pos_ == beforeSpaces || identifier() != "export")
            return false;
        return atEnd() || isSpace(line_[pos_]);
    }

    /// Parses `f(T, ...)[, g(T, ...)]...` up to the end of the line.
    void parseItems(SourceLoc commentLoc, std::vector<Signature> &out) {
        while (true) {
            out.push_back(parseItem(commentLoc));
            skipSpaces();
            if (atEnd())
                return;
            if (!eat(','))
                fail(pos_, pos_ + 1, "expected ',' or end of line after an export");
        }
    }

private:
    Signature parseItem(SourceLoc commentLoc) {
        skipSpaces();
        size_t nameBegin = pos_;
        std::string_view name = identifier();
        size_t nameEnd = pos_;
        if (name.empty())
            fail(pos_, pos_ + 1, "expected a function name after 'export'");
        Signature signature;
        signature.function = name;
        signature.functionLoc = loc(nameBegin, pos_);
        signature.loc = commentLoc;
        skipSpaces();
        if (name == "capsule" && !atEnd() && isIdentStart(line_[pos_]))
            fail(nameBegin, nameEnd, "unsupported export: Pythran capsules");
        if (!eat('('))
            fail(pos_, pos_ + 1, fmt::format("expected '(' after '{}'", name));
        skipSpaces();
        if (eat(')'))
            return signature;
        while (true) {
            size_t argEnd = findArgumentEnd();
            std::string_view argText = line_.substr(pos_, argEnd - pos_);
            signature.args.push_back(parseArgType(argText, base_ + static_cast<uint32_t>(pos_)));
            pos_ = argEnd;
            if (eat(')'))
                return signature;
            NPC_ASSERT(eat(','), "argument ends neither at ',' nor at ')'");
        }
    }

    /// The end of the argument starting at the cursor: the next ',' or ')' outside
    /// brackets, or a ')' that closes no bracket of the argument (`float64[:,:)`, which
    /// the type parser then reports). Fails if the line ends first.
    size_t findArgumentEnd() const {
        std::string open;
        for (size_t i = pos_; i < line_.size(); ++i) {
            char c = line_[i];
            if (c == '(' || c == '[' || c == '{') {
                open += c;
            } else if (c == ')' && (open.empty() || open.back() != '(')) {
                return i;
            } else if (c == ',' && open.empty()) {
                return i;
            } else if ((c == ')' || c == ']' || c == '}') && !open.empty()) {
                open.pop_back();
            }
        }
        fail(line_.size(), line_.size(), "expected ')' at the end of the export");
    }

    void skipSpaces() {
        while (!atEnd() && isSpace(line_[pos_]))
            ++pos_;
    }
    bool atEnd() const { return pos_ >= line_.size(); }
    bool eat(char c) {
        if (atEnd() || line_[pos_] != c)
            return false;
        ++pos_;
        return true;
    }
    std::string_view identifier() {
        size_t begin = pos_;
        if (atEnd() || !isIdentStart(line_[pos_]))
            return {};
        while (!atEnd() && isIdentChar(line_[pos_]))
            ++pos_;
        return line_.substr(begin, pos_ - begin);
    }
    SourceLoc loc(size_t begin, size_t end) const {
        end = std::max(std::min(end, line_.size()), begin);
        return {base_ + static_cast<uint32_t>(begin), base_ + static_cast<uint32_t>(end)};
    }
    [[noreturn]] void fail(size_t begin, size_t end, const std::string &message) const {
        throw UserError(loc(begin, end), message);
    }

    std::string_view line_;
    uint32_t base_;
    size_t pos_ = 0;
};

/// The comment's range on its line: from `#` to the last non-space character.
SourceLoc commentLoc(std::string_view line, uint32_t base) {
    size_t begin = line.find('#');
    size_t end = line.size();
    while (end > begin && (isSpace(line[end - 1]) || line[end - 1] == '\r'))
        --end;
    return {base + static_cast<uint32_t>(begin), base + static_cast<uint32_t>(end)};
}

} // namespace

std::string ArgType::str() const {
    std::string out;
    if (pythonScalar && rank == 0)
        out = dtype == DType::Int64        ? "int"
              : dtype == DType::Float64    ? "float"
              : dtype == DType::Complex128 ? "complex"
                                           : std::string(dtypeName(dtype));
    else
        out = dtypeName(dtype);
    if (rank == 0)
        return out;
    out += '[';
    for (int i = 0; i < rank; ++i) {
        if (i > 0)
            out += ',';
        const std::optional<int64_t> &extent = extents[static_cast<size_t>(i)];
        out += extent ? std::to_string(*extent) : std::string(":");
    }
    out += ']';
    return out;
}

std::vector<Signature> parseSignatures(const SourceFile &file,
                                       const std::vector<std::pair<uint32_t, uint32_t>> &strings) {
    // Lines and strings both in source order: one pass over each.
    size_t next = 0;
    auto inString = [&](size_t offset) {
        while (next < strings.size() && strings[next].second <= offset)
            ++next;
        return next < strings.size() && strings[next].first < offset;
    };
    std::vector<Signature> out;
    std::string_view text(file.text);
    size_t lineBegin = 0;
    while (lineBegin < text.size()) {
        size_t newline = text.find('\n', lineBegin);
        size_t lineEnd = newline == std::string_view::npos ? text.size() : newline;
        std::string_view line = text.substr(lineBegin, lineEnd - lineBegin);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        auto base = static_cast<uint32_t>(lineBegin);
        LineParser parser(line, base);
        if (!inString(lineBegin) && parser.matchHeader())
            parser.parseItems(commentLoc(line, base), out);
        lineBegin = lineEnd + 1;
    }
    return out;
}

} // namespace npc
