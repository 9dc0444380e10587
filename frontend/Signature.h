// Export signatures: `# npc export f(float64[:,:], int)` comments, and Pythran's
// `#pythran export` lines accepted unchanged (same type grammar).
#pragma once

#include "ir/DType.h"
#include "ir/SourceLoc.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace npc {

/// The declared type of one argument: a scalar (rank 0) or an array of `rank` dims.
/// Pythran's `int`, `float`, `complex` are Python scalars (NEP 50 weak) of int64, float64,
/// complex128; `int64`, `float32`, ... are NumPy scalars (strong). `T[:,:]`, `T[][]` and
/// `T[:,::]` are arrays of rank 2; `float64[1,:]` fixes extent 0 to 1.
struct ArgType {
    DType dtype = DType::Float64;
    int rank = 0;
    bool pythonScalar = false;                  ///< `int`/`float`/`complex`/`bool` (weak)
    std::vector<std::optional<int64_t>> extents; ///< size rank; nullopt = any extent
    SourceLoc loc;                               ///< the type's text in the comment

    /// Spelled back in signature syntax: "float64[:,:]", "float32[3,:]", "int".
    std::string str() const;
};

/// One `# npc export` / `#pythran export` line: one overload of one function.
struct Signature {
    std::string function;
    SourceLoc functionLoc;
    std::vector<ArgType> args;
    SourceLoc loc; ///< the whole comment
};

/// Finds every export comment in the source text, in order of appearance. Lines that
/// merely mention "npc" or "pythran" are ignored; a line that starts with
/// `# npc export` or `#pythran export` but does not parse is a located UserError
/// ("expected ']'", "unknown type 'flaot64'", ...). Several functions in one line
/// (`#pythran export f(int), g(float)`) give several Signatures. Lines that start inside
/// one of `strings` (byte ranges of multi-line string literals: syntax::Module's
/// multilineStrings) are text, not comments, and are skipped.
std::vector<Signature>
parseSignatures(const SourceFile &file,
                const std::vector<std::pair<uint32_t, uint32_t>> &strings = {});

} // namespace npc
