// The reserved-identifier table (see Identifiers.h).
#include "ir/Identifiers.h"

#include <algorithm>
#include <iterator>

namespace npc {
namespace {

// C++20 keywords and alternative tokens.
constexpr std::string_view kKeywords[] = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
    "case", "catch", "char", "char16_t", "char32_t", "char8_t", "class", "co_await", "co_return",
    "co_yield", "compl", "concept", "const", "const_cast", "consteval", "constexpr", "constinit",
    "continue", "decltype", "default", "delete", "do", "double", "dynamic_cast", "else", "enum",
    "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if", "inline",
    "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr",
    "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
    "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast",
    "struct", "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef",
    "typeid", "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t",
    "while", "xor", "xor_eq",
};

// Names generated code uses, then macros of the headers it includes.
constexpr std::string_view kReserved[] = {
    "errno", "int16_t", "int32_t", "int64_t", "int8_t", "main", "npc", "std", "uint16_t",
    "uint32_t", "uint64_t", "uint8_t", "INFINITY", "NAN", "INT64_MIN", "NULL",
    // Macros of the C and C++ standard headers the generated code includes.
    "EOF", "BUFSIZ", "CHAR_BIT", "CHAR_MAX", "CHAR_MIN", "SCHAR_MAX", "SCHAR_MIN", "UCHAR_MAX",
    "SHRT_MAX", "SHRT_MIN", "USHRT_MAX", "INT_MAX", "INT_MIN", "UINT_MAX", "LONG_MAX",
    "LONG_MIN", "ULONG_MAX", "LLONG_MAX", "LLONG_MIN", "ULLONG_MAX", "INT8_MAX", "INT8_MIN",
    "INT16_MAX", "INT16_MIN", "INT32_MAX", "INT32_MIN", "INT64_MAX", "UINT8_MAX", "UINT16_MAX",
    "UINT32_MAX", "UINT64_MAX", "SIZE_MAX", "PTRDIFF_MAX", "PTRDIFF_MIN", "INTPTR_MAX",
    "RAND_MAX", "EXIT_FAILURE", "EXIT_SUCCESS", "M_PI", "M_E", "M_SQRT2", "M_LN2", "M_LN10",
    "FLT_MAX", "FLT_MIN", "FLT_EPSILON", "DBL_MAX", "DBL_MIN", "DBL_EPSILON", "HUGE_VAL",
    "HUGE_VALF", "FP_NAN", "FP_INFINITE", "FP_ZERO", "FP_NORMAL", "FP_SUBNORMAL", "EDOM",
    "ERANGE", "assert", "offsetof", "stdin", "stdout", "stderr",
};

} // namespace

bool isReservedIdentifier(std::string_view name) {
    if (name.find("__") != std::string_view::npos)
        return true;
    if (name.size() >= 2 && name[0] == '_' && name[1] >= 'A' && name[1] <= 'Z')
        return true;
    return isCppKeyword(name) ||
           std::find(std::begin(kReserved), std::end(kReserved), name) != std::end(kReserved);
}

bool isCppKeyword(std::string_view name) {
    return std::find(std::begin(kKeywords), std::end(kKeywords), name) != std::end(kKeywords);
}

std::string cppIdentifier(std::string_view name) {
    std::string out;
    for (char c : name)
        if (!(c == '_' && !out.empty() && out.back() == '_')) // `__` is reserved anywhere
            out += c;
    if (isReservedIdentifier(out) || out != name)
        out += out.back() == '_' ? "py" : "_py";
    if (isReservedIdentifier(out))
        out = "v" + out;
    return out;
}

} // namespace npc
