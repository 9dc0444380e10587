// A scan of Python source text for the syntax errors CPython's tokenizer reports, and for
// the parser errors one logical line shows on its own (a header without `:`, a trailing
// operator, `def name` without `(`, a character that is no token), plus CPython's hints for
// tree-sitter's error position. Follows CPython's tokenizer (Parser/tokenizer.c) for
// strings, comments, brackets, line continuations and logical lines.
#include "frontend/TokenErrors.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <fmt/format.h>
#include <vector>

namespace npc {
namespace {

constexpr std::array<std::string_view, 11> kHeaderKeywords = {
    "if", "elif", "else", "for", "while", "def", "class", "with", "try", "except", "finally"};

/// Operators (and keywords) after which a line must go on: `x = a +` is incomplete.
constexpr std::array<std::string_view, 50> kNeedsOperand = {
    "+",  "-",  "*",      "/",      "//", "%",    "**",     "@",   "&",    "|",
    "^",  "~",  "<<",     ">>",     "<",  ">",    "<=",     ">=",  "==",   "!=",
    "=",  "+=", "-=",     "*=",     "/=", "//=",  "%=",     "**=", "@=",   "&=",
    "|=", "^=", "<<=",    ">>=",    ":=", ".",    "and",    "or",  "not",  "in",
    "is", "->", "lambda", "import", "if", "else", "assert", "del", "from", "await"};

/// Operators, longest first so that the scan takes the longest match.
constexpr std::array<std::string_view, 47> kOperators = {
    "**=", "//=", ">>=", "<<=", "...", "->", ":=", "**", "//", "<<", ">>", "<=",
    "==",  "!=",  ">=",  "+=",  "-=",  "*=", "/=", "%=", "@=", "&=", "|=", "^=",
    "+",   "-",   "*",   "/",   "%",   "@",  "&",  "|",  "^",  "~",  "<",  ">",
    "=",   ".",   ",",   ":",   ";",   "(",  ")",  "[",  "]",  "{",  "}"};

bool contains(auto const &list, std::string_view word) {
    return std::find(list.begin(), list.end(), word) != list.end();
}

bool identifierChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
}

/// True for a string prefix: r, u, b, f and the pairs rb, br, fr, rf, in either case.
bool stringPrefix(std::string_view word) {
    std::string lower;
    for (char c : word)
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return lower == "r" || lower == "u" || lower == "b" || lower == "f" || lower == "rb" ||
           lower == "br" || lower == "fr" || lower == "rf";
}

char closerOf(char opener) { return opener == '(' ? ')' : opener == '[' ? ']' : '}'; }

/// Keywords that end no operand and start none (`[x for x in a if]` lacks no comma).
constexpr std::array<std::string_view, 31> kKeywords = {
    "if",     "else",  "elif",  "for",   "in",     "not",     "and",   "or",
    "is",     "lambda", "return", "while", "yield", "await",  "import", "as",
    "from",   "del",   "assert", "raise", "pass",   "global", "nonlocal", "with",
    "class",  "def",   "async", "break", "continue", "try",   "except"};

/// The offset after the last non-blank character before `offset` on its line.
uint32_t skipBlanksBack(std::string_view text, uint32_t offset) {
    while (offset > 0 && (text[offset - 1] == ' ' || text[offset - 1] == '\t'))
        --offset;
    return offset;
}

uint32_t wordStartBefore(std::string_view text, uint32_t end) {
    while (end > 0 && identifierChar(text[end - 1]))
        --end;
    return end;
}

/// The start of the operand (an atom with its trailers: `np.pi`, `f(a)[0]`, `"s"`, and a
/// unary sign before it) that ends at `end`.
uint32_t operandStartBefore(std::string_view text, uint32_t end) {
    uint32_t at = end;
    while (at > 0) {
        char c = text[at - 1];
        if (c == ')' || c == ']' || c == '}') {
            int depth = 0;
            uint32_t i = at;
            while (i > 0) {
                char d = text[--i];
                depth += (d == ')' || d == ']' || d == '}') - (d == '(' || d == '[' || d == '{');
                if (depth == 0)
                    break;
            }
            at = i;
        } else if (c == '"' || c == '\'') {
            size_t open = text.rfind(c, at - 2);
            at = open == std::string_view::npos ? at - 1 : static_cast<uint32_t>(open);
            at = wordStartBefore(text, at); // a prefix: rb"..."
        } else if (identifierChar(c)) {
            at = wordStartBefore(text, at);
        } else {
            break;
        }
        // Trailers go on: `a.b`, `f(x)`, `x[0]`.
        if (at > 0 && text[at - 1] == '.')
            --at;
        else if (at == 0 || (text[at] != '(' && text[at] != '[') ||
                 !(identifierChar(text[at - 1]) || std::string_view(")]").find(text[at - 1]) !=
                                                       std::string_view::npos))
            break;
    }
    if (at > 0 && (text[at - 1] == '-' || text[at - 1] == '+' || text[at - 1] == '~'))
        --at;
    return at;
}

class Scanner {
public:
    explicit Scanner(std::string_view text) : text_(text) {}

    TokenScan run() {
        while (pos_ < text_.size() && !scan_.tokenizerError)
            step();
        if (scan_.tokenizerError)
            return scan_;
        if (brackets_.empty()) {
            endLogicalLine();
            return scan_;
        }
        uint32_t at = brackets_.back().offset;
        scan_.unclosed = TokenError{{at, at + 1}, fmt::format("'{}' was never closed", text_[at])};
        return scan_;
    }

    /// Scans up to `offset` (a token's start); true when it lies inside brackets.
    bool insideBrackets(uint32_t offset) {
        while (pos_ < offset && pos_ < text_.size() && !scan_.tokenizerError)
            step();
        return !brackets_.empty();
    }

private:
    struct Bracket {
        char opener;
        uint32_t offset;
        int line;
    };
    struct Token {
        std::string_view text;
        uint32_t begin = 0, end = 0;
    };

    void step() {
        char c = text_[pos_];
        if (c == '#') {
            while (pos_ < text_.size() && text_[pos_] != '\n')
                ++pos_;
        } else if (c == '\\' && (text_.substr(pos_ + 1, 1) == "\n" ||
                                 text_.substr(pos_ + 1, 2) == "\r\n" || pos_ + 1 == text_.size())) {
            if (text_.find_first_not_of(" \t\r\n\f", pos_ + 1) == std::string_view::npos)
                scan_.continuationAtEnd = SourceLoc{pos_, pos_ + 1};
            pos_ += pos_ + 1 == text_.size() ? 1 : text_[pos_ + 1] == '\n' ? 2 : 3;
            ++line_;
        } else if (c == '\n') {
            ++pos_;
            if (brackets_.empty())
                endLogicalLine();
            ++line_;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
            ++pos_;
        } else if (c == '"' || c == '\'') {
            string(pos_);
        } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                   (c == '.' && pos_ + 1 < text_.size() &&
                    std::isdigit(static_cast<unsigned char>(text_[pos_ + 1])))) {
            number();
        } else if (identifierChar(c)) {
            uint32_t begin = pos_;
            while (pos_ < text_.size() && identifierChar(text_[pos_]))
                ++pos_;
            std::string_view word = text_.substr(begin, pos_ - begin);
            if (pos_ < text_.size() && (text_[pos_] == '"' || text_[pos_] == '\'') &&
                stringPrefix(word))
                string(begin);
            else
                token(begin);
        } else {
            op();
        }
    }

    /// A number: digits, letters, `_` and `.` (`1.`, `.5`, `0x1F`, `1_000j`), and a sign
    /// after a decimal exponent (`1e-5`).
    void number() {
        uint32_t begin = pos_;
        bool hex = text_.substr(pos_, 2) == "0x" || text_.substr(pos_, 2) == "0X";
        while (pos_ < text_.size()) {
            char c = text_[pos_];
            char before = text_[pos_ - 1];
            bool sign = (c == '+' || c == '-') && (before == 'e' || before == 'E') && !hex &&
                        pos_ > begin;
            if (!identifierChar(c) && c != '.' && !sign)
                break;
            ++pos_;
        }
        token(begin);
    }

    /// A string literal from `begin` (its prefix, if any); the quote is at pos_.
    void string(uint32_t begin) {
        char quote = text_[pos_];
        bool triple = text_.substr(pos_, 3) == std::string(3, quote);
        int startLine = line_;
        pos_ += triple ? 3 : 1;
        while (pos_ < text_.size()) {
            char c = text_[pos_];
            if (c == '\\' && pos_ + 1 < text_.size()) {
                line_ += text_[pos_ + 1] == '\n';
                pos_ += 2;
            } else if (c == quote && (!triple || text_.substr(pos_, 3) == std::string(3, quote))) {
                pos_ += triple ? 3 : 1;
                token(begin);
                return;
            } else if (c == '\n' && !triple) {
                break;
            } else {
                line_ += c == '\n';
                ++pos_;
            }
        }
        // CPython names the line where it gave up: the string's own line, or the last.
        int detected = triple ? line_ - (!text_.empty() && text_.back() == '\n') : line_;
        scan_.tokenizerError =
            TokenError{{begin, begin + 1},
                       fmt::format("unterminated {}string literal (detected at line {})",
                                        triple ? "triple-quoted " : "",
                                        std::max(detected, startLine))};
    }

    void op() {
        std::string_view rest = text_.substr(pos_);
        std::string_view match = rest.substr(0, 1); // any other character is a token of its own
        for (std::string_view o : kOperators)
            if (rest.substr(0, o.size()) == o) {
                match = o;
                break;
            }
        uint32_t begin = pos_;
        pos_ += static_cast<uint32_t>(match.size());
        char c = match.size() == 1 ? match[0] : '\0';
        if (c == '$' || c == '?' || c == '!' || c == '`') {
            lineError({begin, begin + 1}, "invalid syntax");
        } else if (c == '\\') {
            scan_.tokenizerError = TokenError{
                {begin + 1, begin + 2}, "unexpected character after line continuation character"};
            return;
        } else if (c == '(' || c == '[' || c == '{') {
            brackets_.push_back({c, begin, line_});
        } else if (c == ')' || c == ']' || c == '}') {
            if (brackets_.empty()) {
                scan_.tokenizerError =
                    TokenError{{begin, begin + 1}, fmt::format("unmatched '{}'", c)};
                return;
            }
            Bracket open = brackets_.back();
            brackets_.pop_back();
            if (closerOf(open.opener) != c) {
                std::string where =
                    open.line == line_ ? "" : fmt::format(" on line {}", open.line);
                scan_.tokenizerError =
                    TokenError{{begin, begin + 1}, fmt::format("closing parenthesis '{}' does not "
                                                               "match opening parenthesis '{}'{}",
                                                               c, open.opener, where)};
                return;
            }
        } else if (c == ':' && brackets_.empty()) {
            colon_ = true;
        }
        token(begin);
    }

    void token(uint32_t begin) {
        Token t{text_.substr(begin, pos_ - begin), begin, pos_};
        if (!first_)
            first_ = t;
        // `def name` goes on with `(`.
        if (first_->text == "def" && count_ == 2 && t.text != "(")
            lineError({t.begin, t.end}, "expected '('");
        ++count_;
        last_ = t;
    }

    /// Records the first error a logical line shows on its own (CPython's parser reports
    /// the first one; the scan goes on for tokenizer errors).
    void lineError(SourceLoc loc, std::string message) {
        if (!scan_.lineError)
            scan_.lineError = TokenError{loc, std::move(message)};
    }

    /// Checks the logical line that just ended and starts the next one.
    void endLogicalLine() {
        if (first_) {
            // Where the line's NEWLINE token starts (a comment, the newline, the end of
            // the file): CPython's caret for what the line lacks.
            uint32_t at = last_.end;
            while (at < text_.size() && (text_[at] == ' ' || text_[at] == '\t'))
                ++at;
            SourceLoc after{at, at + 1};
            bool fromImport = first_->text == "from";
            if (first_->text == "def" && count_ == 2) // `def name` goes on with `(`
                lineError(after, "expected '('");
            else if (contains(kHeaderKeywords, first_->text) && !colon_)
                lineError(after, "expected ':'");
            else if (contains(kNeedsOperand, last_.text) && !(fromImport && last_.text == "*"))
                lineError(after, "invalid syntax");
        }
        first_.reset();
        count_ = 0;
        colon_ = false;
    }

    std::string_view text_;
    uint32_t pos_ = 0;
    int line_ = 1;
    std::vector<Bracket> brackets_;
    std::optional<Token> first_;
    Token last_;
    int count_ = 0; ///< tokens on the logical line so far
    bool colon_ = false;
    TokenScan scan_;
};

} // namespace

TokenScan scanTokens(std::string_view text) { return Scanner(text).run(); }

bool insideBrackets(std::string_view text, uint32_t offset) {
    return Scanner(text).insideBrackets(offset);
}

TokenError invalidSyntax(std::string_view text, SourceLoc bad) {
    uint32_t offset = bad.begin;
    if (offset >= text.size())
        return {bad, "invalid syntax"};
    uint32_t prev = skipBlanksBack(text, offset);
    uint32_t wordStart = wordStartBefore(text, prev);
    std::string_view before = text.substr(wordStart, prev - wordStart);
    uint32_t wordEnd = offset;
    while (wordEnd < text.size() && identifierChar(text[wordEnd]))
        ++wordEnd;
    std::string_view word = text.substr(offset, wordEnd - offset);
    char c = text[offset];
    bool startsOperand = (!word.empty() && !contains(kKeywords, word)) || c == '"' ||
                         c == '\'' || c == '(' || c == '[' || c == '{';
    bool endsOperand = prev > 0 && prev < offset &&
                       ((!before.empty() && !contains(kKeywords, before)) ||
                        std::string_view(")]}\"'").find(text[prev - 1]) != std::string_view::npos);
    size_t lineStart = offset == 0 ? 0 : text.rfind('\n', offset - 1);
    lineStart = lineStart == std::string_view::npos ? 0 : lineStart + 1;
    std::string_view line = text.substr(lineStart, offset - lineStart);
    size_t headStart = std::min(line.find_first_not_of(" \t"), line.size());
    std::string_view head = line.substr(headStart);
    head = head.substr(0, std::min(head.find_first_of(" \t("), head.size()));
    // `[1 2]`, `np.array([x y])`: two operands side by side inside brackets (not a
    // parameter list), located from the first one's start as CPython does.
    if (startsOperand && endsOperand && head != "def" && insideBrackets(text, offset))
        return {{operandStartBefore(text, prev), bad.end},
                "invalid syntax. Perhaps you forgot a comma?"};
    // `de heat(u):`: two names side by side outside brackets; CPython stops at the second.
    if (!word.empty() && !contains(kKeywords, word) && head != "def" &&
        !std::isdigit(static_cast<unsigned char>(c))) {
        uint32_t next = wordEnd;
        while (next < text.size() && (text[next] == ' ' || text[next] == '\t'))
            ++next;
        uint32_t nextEnd = next;
        while (nextEnd < text.size() && identifierChar(text[nextEnd]))
            ++nextEnd;
        if (next > wordEnd && nextEnd > next &&
            !contains(kKeywords, text.substr(next, nextEnd - next)))
            return {{next, nextEnd}, "invalid syntax"};
    }
    // `if a = 1:`: an assignment where a condition belongs, located at the condition.
    uint32_t value = offset + 1;
    while (value < text.size() && (text[value] == ' ' || text[value] == '\t'))
        ++value;
    uint32_t valueEnd = value;
    while (valueEnd < text.size() && identifierChar(text[valueEnd]))
        ++valueEnd;
    bool operandFollows =
        value < text.size() &&
        (valueEnd > value ? !contains(kKeywords, text.substr(value, valueEnd - value))
                          : std::string_view("([{\"'-+~.").find(text[value]) !=
                                std::string_view::npos);
    if (c == '=' && text.substr(offset, 2) != "==" && operandFollows &&
        (head == "if" || head == "elif" || head == "while")) {
        size_t condition = line.find_first_not_of(" \t", headStart + head.size());
        uint32_t from = condition == std::string_view::npos
                            ? offset
                            : static_cast<uint32_t>(lineStart + condition);
        return {{from, bad.end}, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?"};
    }
    return {bad, "invalid syntax"};
}

} // namespace npc
