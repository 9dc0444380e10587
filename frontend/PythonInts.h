// Python's exact integer arithmetic on expressions written with int literals only
// (`2**63 - 1`, `-(1 << 63)`, `10**18 // 7`), so that such a constant gets Python's value
// whatever its intermediate results are, while npc computes other Python ints as int64.
#pragma once

#include "frontend/Syntax.h"

#include <cstdint>
#include <optional>

namespace npc::lowering {

/// The value of `e` as Python computes it when `e` is made of int literals and the
/// operators `+ - * ** // % << >> & | ^ ~` only (unary `-`, `+` too); nullopt for any
/// other expression, and for those Python evaluates to a float (`2 ** -1`) or raises on
/// (`7 // 0`, `1 << -1`): ordinary lowering treats them. Intermediate values may leave
/// int64 (Python's ints are unbounded). Throws UserError at `e.loc` when the value itself
/// does not fit in int64, npc's type of Python ints.
std::optional<int64_t> exactLiteralInt(const syntax::Expr &e);

} // namespace npc::lowering
