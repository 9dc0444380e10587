// Pass vectorize: runs the iterations of each outermost parallel loop in groups of
// `lanes`, so the work for one output element (fused reductions included) becomes short
// fixed-length loops over lanes that the C++ compiler turns into SIMD instructions.
#pragma once

#include "ir/LoopIR.h"

namespace npc::passes {

/// Rewrites each top-level parallel loop `for i in 0..N { body }` of `f` into
///   parallel for i_block in 0..N / lanes { body, with every value that depends on i held
///                                          in a `lanes`-element array and each run of
///                                          such statements in one `simd for lane` loop }
///   for i_rest in 0..N - N / lanes * lanes { let i = N / lanes * lanes + i_rest; body }
/// Loops whose bodies branch, throw, or have inner loops whose extents depend on i are
/// left alone. Per-element results are unchanged: each lane runs the same operations in
/// the same order as the original iteration.
void vectorize(loop::Function &f, int lanes);

} // namespace npc::passes
