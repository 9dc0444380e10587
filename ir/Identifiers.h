// Names the generated C++/CUDA may not use for Python variables: keywords, alternative
// operator spellings, and identifiers the emitted code itself relies on.
#pragma once

#include <string>
#include <string_view>

namespace npc {

/// True for C++20 keywords and alternative tokens (`new`, `class`, `xor`, ...), the
/// namespaces and types generated code names (`std`, `npc`, `int64_t`, ...), and
/// identifiers reserved by the language (`__` anywhere, or `_` + capital first).
bool isReservedIdentifier(std::string_view name);

/// True for C++20 keywords and alternative tokens (`new`, `class`, `xor`, ...).
bool isCppKeyword(std::string_view name);

/// The C++ spelling of a Python name: `name` itself when allowed, else with double
/// underscores collapsed and `_py` appended (`new` -> `new_py`, `a__b` -> `a_b_py`); the
/// emitters' derived names (`new_py_data`, `new_py_s0`) stay valid too.
std::string cppIdentifier(std::string_view name);

} // namespace npc
