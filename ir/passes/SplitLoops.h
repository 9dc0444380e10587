// Pass splitLoops: index-set splitting of loops whose body chooses between values by
// comparing the loop's index with a loop-invariant bound, as np.concatenate's parts do
// (`i < offset ? a[i] : b[i - offset]`, see computeConcat in LowerIndexing.cpp). Each
// such loop becomes one loop below the bound and one from it, in which the choice is
// known: no per-element branch or masked loads, and each part's loads are contiguous
// where its array is.
#pragma once

#include "ir/LoopIR.h"

namespace npc::passes {

/// Splits the array loops of `f.body` (not Python's serial loops, nor reduction or
/// compaction loops) at the bounds of the `select(i < bound, then, else)` expressions
/// (also `i + k < bound`, k loop-invariant) of their own index `i`: `for i in [0, n)`
/// becomes `split = clamp(bound - k, 0, n)`, `for i in [0, split)` with `then` chosen and
/// `for j in [0, n - split)` with `i = j + split` and `else` chosen. Runs before
/// parallelize and vectorize, which then treat each loop on its own.
void splitLoops(loop::Function &f);

} // namespace npc::passes
