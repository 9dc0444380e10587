// Pass parallelize: marks the outermost loop of each statement group parallel. Loops
// over output elements are independent; an outermost `+`/`*` reduction loop (a sum over
// a whole array) becomes an OpenMP reduction. Other reductions stay serial.
#pragma once

#include "ir/LoopIR.h"

namespace npc::passes {

/// Marks loops in `f.body` in place. Float sums split across threads are reassociated;
/// the README states the tolerance.
void parallelize(loop::Function &f);

} // namespace npc::passes
