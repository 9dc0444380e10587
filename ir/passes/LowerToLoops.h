// Pass lower-to-loops: turns each scheduled stage into a loop nest over its shape, with
// the fused operands inlined as scalar expressions and fused reductions as inner loops
// with accumulators declared in the deepest enclosing scope.
#pragma once

#include "ir/ArrayIR.h"
#include "ir/LoopIR.h"
#include "ir/passes/ScheduleStages.h"

namespace npc::passes {

/// Target-dependent choices of lower-to-loops.
struct LoweringOptions {
    /// A single line of numpy.sort/argsort (a 1-D sort) of 2048 elements or more is an LSD
    /// radix sort on one thread, which on a CPU beats the merge sort's parallel passes; false
    /// keeps the merge sort for every length (the CUDA target, whose threads merge the pairs
    /// of runs of each pass).
    bool radixSort = true;
};

/// Lowers `f` following `schedule`. `file` supplies the Python lines quoted in the
/// comment above each statement group. Reductions follow NumPy: min/max propagate NaN,
/// argmin/argmax return the first NaN else the first extreme, and min/max/argmin/argmax
/// over an empty axis throw npc::ValueError at run time with NumPy's message.
/// Sums accumulate in the result dtype in order (NumPy sums contiguous rows pairwise; see
/// README, Differences from NumPy).
loop::Function lowerToLoops(const array::Function &f, const Schedule &schedule,
                            const SourceFile &file, const LoweringOptions &options = {});

} // namespace npc::passes
