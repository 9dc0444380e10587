// Facts about a region of loop-IR statements that becomes a CUDA kernel: the names it uses
// from outside (its free variables and buffers, in order of first use), and its statements
// rewritten for device code (parameter shapes renamed, host-only spellings replaced).
#pragma once

#include "ir/LoopIR.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace npc::codegen::cuda {

/// One name a region uses but does not declare.
struct Use {
    std::string name;    ///< a scalar variable, `P.shape[a]`, or a buffer (without `_data`)
    bool buffer = false; ///< used as the buffer of a Load or Store
};

/// What a region of statements reads, writes and declares.
struct RegionUses {
    std::vector<Use> free;          ///< names from outside, in order of first use
    std::set<std::string> stored;   ///< buffers the region stores to
    std::set<std::string> assigned; ///< scalar variables the region assigns (not declares)
    std::set<std::string> declared; ///< variables and loop indices the region declares
    bool loads = false;             ///< the region reads some buffer
    bool throws = false;            ///< the region contains a Throw
};

/// Collects the uses of `region` (statements in order, at any depth).
RegionUses collectUses(const std::vector<loop::StmtPtr> &region);

/// `{"X", 0}` for the variable `X.shape[0]` (an extent of parameter X), else nullopt.
std::optional<std::pair<std::string, int>> parseShapeVar(const std::string &name);
/// The kernel parameter that carries `X.shape[0]`: `X_shape0`.
std::string shapeParamName(const std::string &param, int axis);

/// `s` rewritten for device code: variables renamed by `rename` (`X.shape[0]` ->
/// `X_shape0`), dtype limits and non-finite literals spelled with npc::cuda's device
/// functions (std::numeric_limits is host-only under nvcc). Throws InternalError for
/// constructs device code cannot run yet: Throw statements and the throwing index helpers.
loop::StmtPtr rewriteForDevice(const loop::StmtPtr &s,
                               const std::map<std::string, std::string> &rename);

} // namespace npc::codegen::cuda
