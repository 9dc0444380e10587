// Python's tokenizer-level syntax errors, found by scanning the source text. tree-sitter's
// error recovery locates a syntax error at the node it could not parse, often the start of
// the statement or the line after the mistake; CPython names the mistake itself. The
// parser (Parser.cpp) asks for these once tree-sitter has reported an error.
#pragma once

#include "ir/SourceLoc.h"

#include <optional>
#include <string>
#include <string_view>

namespace npc {

/// One syntax error in CPython's words and at CPython's position.
struct TokenError {
    SourceLoc loc;
    std::string message;
};

/// What a scan of the source's tokens finds, with CPython 3.11's messages and positions.
struct TokenScan {
    /// The first error CPython's tokenizer raises: a closing bracket with no opening one
    /// (`unmatched ')'`) or another kind's (`closing parenthesis ']' does not match opening
    /// parenthesis '('`), an unterminated string (`unterminated string literal (detected
    /// at line 4)`, also `triple-quoted`), a backslash not ending its line. CPython reports
    /// it wherever it lies: before a parser error it stops the parse; after one it replaces
    /// it (CPython tokenizes the rest of the file once parsing has failed).
    std::optional<TokenError> tokenizerError;
    /// The first parser error that one logical line shows on its own: a compound
    /// statement's header (`if`, `for`, `def`, `else`, ...) without a `:` (`expected ':'`),
    /// a line ending in an operator that needs a right operand (`x = a +`: `invalid
    /// syntax`), both located where the line's NEWLINE token starts (its comment, newline
    /// or end); `def name` not followed by `(` (`expected '('`); a character that is no
    /// Python token (`$`, `?`, `!` alone, a backquote: `invalid syntax`).
    std::optional<TokenError> lineError;
    /// The innermost bracket still open at the end of the file (`'(' was never closed`).
    /// CPython reports it where its parser's error lies on a later line than the bracket.
    std::optional<TokenError> unclosed;
    /// A backslash that joins the last line to nothing (CPython: "unexpected EOF while
    /// parsing"); tree-sitter accepts it.
    std::optional<SourceLoc> continuationAtEnd;
};

/// Scans `text` as CPython's tokenizer does (strings, comments, brackets, line
/// continuations, logical lines); see TokenScan for what it reports.
TokenScan scanTokens(std::string_view text);

/// True when the token at byte `offset` of `text` lies inside brackets (CPython's
/// tokenizer level > 0), where a line break does not end the statement.
bool insideBrackets(std::string_view text, uint32_t offset);

/// CPython's message and location for a syntax error where tree-sitter's error node
/// `bad` lies: "invalid syntax", with CPython's hints where they apply: two operands side
/// by side inside brackets (`[1 2]`: "Perhaps you forgot a comma?", located from the
/// first operand), `=` in an `if`, `elif` or `while` condition ("Maybe you meant '==' or
/// ':=' instead of '='?", located from the condition).
TokenError invalidSyntax(std::string_view text, SourceLoc bad);

} // namespace npc
