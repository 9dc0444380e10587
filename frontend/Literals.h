// Python literal spellings turned into values: integer and float literals with their
// prefixes and underscores, and string bodies with their escapes. Pure text functions,
// shared by the parser and its unit tests.
#pragma once

#include "ir/SourceLoc.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace npc::parser {

/// The value of a Python integer literal: decimal, `0x`, `0o`, `0b`, with underscores.
/// Returns the magnitude (literals have no sign). Throws UserError at `loc` for values
/// beyond uint64 ("integer literal too large") and for spellings Python 3 rejects
/// (`017`, `10L`).
uint64_t parseIntegerLiteral(std::string_view text, SourceLoc loc);

/// The value of a Python float literal (`0.5`, `1.`, `.5`, `1e-3`, `1_000.5`, and the
/// digits of an imaginary literal without its `j`). Like Python, too large is inf and too
/// small is 0.
double parseFloatLiteral(std::string_view text, SourceLoc loc);

/// Resolves the escapes of a string literal's body (the text between its quotes).
/// `raw` (an `r` prefix) keeps backslashes. `\N{...}` is rejected as unsupported.
std::string decodeStringBody(std::string_view body, bool raw, SourceLoc loc);

} // namespace npc::parser
