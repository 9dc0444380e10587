// Private to the frontend: lowering of one exported function's statements (assignments,
// in-place updates, loops, branches, returns) to array IR.
#pragma once

#include "frontend/LowerContext.h"
#include "frontend/Signature.h"

#include <map>
#include <string>
#include <vector>

namespace npc::lowering {

/// Lowers `def` for the argument types of `sig`. `resultTypes` (when not empty) are the
/// types every `return` is converted to; lowerFunction is run once without them to find
/// the types (see `returnTypes`), then again with their NEP 50 promotion.
/// Python's semantics: names are bound, not copied, so array values stay lazy (fused)
/// until a loop, a branch or an in-place update needs them in memory; in-place updates
/// write through views into the caller's arrays; the right side of an assignment is
/// computed before any element is written. UserError for constructs npc does not support.
/// Calls of other functions of `module` are inlined: their parameters take the call's
/// values (and so their types), and their statements run in place of the call.
array::Function lowerFunction(const syntax::FunctionDef &def, const syntax::Module &module,
                              std::map<std::string, Value> globals,
                              const Signature &sig, const std::vector<array::Type> &resultTypes,
                              std::vector<std::vector<array::Type>> *returnTypes);

} // namespace npc::lowering
