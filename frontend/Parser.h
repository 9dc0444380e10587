// Parses a Python source file with tree-sitter-python and converts it at once into
// npc's syntax tree (frontend/Syntax.h).
#pragma once

#include "frontend/Syntax.h"
#include "ir/SourceLoc.h"

namespace npc {

/// Parses `file.text` into a Module.
/// Throws UserError at the first syntax error ("invalid syntax", located at the first
/// ERROR or MISSING node) or at the first construct outside npc's Python subset
/// ("unsupported Python construct: class definition", "lambda", "with statement", ...).
/// Also rejects what tree-sitter accepts but Python does not: inconsistent indentation
/// ("unexpected indent"), empty blocks ("expected an indented block"), `017`, `10L`, `<>`.
/// Throws InternalError if the grammar cannot be loaded (ABI mismatch).
syntax::Module parseModule(const SourceFile &file);

} // namespace npc
