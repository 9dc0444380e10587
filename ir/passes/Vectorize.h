// Pass vectorize: runs the iterations of each outermost parallel loop in groups of
// `lanes`, so the work for one output element (fused reductions included) becomes short
// fixed-length loops over lanes that the C++ compiler turns into SIMD instructions; or,
// for loops over rows whose inner loops run along the row, vectorizes those inner loops.
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
///
/// A parallel loop over rows whose inner loops all run along a row (elementwise, or
/// minimum/maximum reductions: softmax's max and exp) instead keeps one row per iteration
/// and vectorizes each inner loop: `simd for` for elementwise ones; lane-wise partial
/// minima/maxima combined in lane order for reductions (the same value in any order, NaN
/// included). Rows of run-time length choose at run time: 16 elements or more run
/// along the row, shorter ones as above (8 rows in lockstep). Sums are never split
/// into lanes along the summed axis: they stay in order.
void vectorize(loop::Function &f, int lanes);

} // namespace npc::passes
