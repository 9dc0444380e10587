// Pass parallelize: marks the outermost loop of each statement group parallel. Loops
// over output elements are independent; an outermost reduction loop over a whole array
// (sum, product, minimum, maximum, argmin, argmax) combines the threads' partial results.
// Other reductions stay serial.
#pragma once

#include "ir/LoopIR.h"

namespace npc::passes {

/// Marks loops in `f.body` in place. Float sums split across threads are reassociated;
/// the README states the tolerance.
void parallelize(loop::Function &f);

} // namespace npc::passes
