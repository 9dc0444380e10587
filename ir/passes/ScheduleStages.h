// Pass schedule-stages: decides fusion. Every array op is fused into the loop nest of
// its consumer except values that must be materialized: results, reductions that would
// otherwise be recomputed (used twice, or consumed under an expanding broadcast), and
// elementwise values calling exp, log, sin, ... that two loop nests would each compute.
#pragma once

#include "ir/ArrayIR.h"

#include <vector>

namespace npc::passes {

/// One loop nest to emit: computes `root` over its whole shape into a buffer (or a
/// scalar variable for 0-d values), with every non-materialized operand fused in.
struct Stage {
    array::NodePtr root;
    int result = -1; ///< index into Function::results, or -1 for a temporary
};

/// Stages in dependency order (operands before users) and the set of materialized nodes.
struct Schedule {
    std::vector<Stage> stages;
    std::vector<const array::Node *> materialized;

    bool isMaterialized(const array::Node *n) const;
};

/// Computes the fusion schedule of `f`. For the K-Means step this is one stage: the
/// broadcast, subtraction, both reductions and the sqrt fuse into the argmin's loop.
Schedule scheduleStages(const array::Function &f);
/// The schedule that evaluates `roots` (a statement's values), each materialized.
Schedule scheduleStages(const std::vector<array::NodePtr> &roots);

} // namespace npc::passes
