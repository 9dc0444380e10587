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

/// Python's `x op y` on two ints (`op` one of the operators exactLiteralInt evaluates):
/// the value when it fits in int64; nullopt with `beyondInt64` set when Python's value
/// does not; nullopt without it where Python gives a float or raises (`2 ** -1`,
/// `7 // 0`, `1 << -1`).
std::optional<int64_t> pythonIntOp(syntax::BinaryOp op, int64_t x, int64_t y, bool &beyondInt64);

} // namespace npc::lowering
