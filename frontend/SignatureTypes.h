// The argument-type grammar of export signatures (`float64[:,:]`, `int`, `float32[][3]`),
// private to Signature.cpp and its tests.
#pragma once

#include "frontend/Signature.h"

#include <string_view>

namespace npc {

/// Parses one argument type as written between the commas of an export signature.
/// `offset` is the byte offset of `text` in the file, for locations. Throws UserError for
/// unknown names ("unknown type 'flaot64'; did you mean 'float64'?"), for types npc does
/// not support (tuples, lists, str, ...) and for malformed array dimensions.
ArgType parseArgType(std::string_view text, uint32_t offset);

/// The optimal-string-alignment distance between two words (an adjacent transposition
/// counts as one edit), for "did you mean" suggestions.
int editDistance(std::string_view a, std::string_view b);

} // namespace npc
