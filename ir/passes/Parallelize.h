// Pass parallelize: marks the outermost loop of each statement group parallel. Loops
// over output elements are independent; an outermost `+`/`*` reduction loop (a sum over
// a whole array) becomes an OpenMP reduction. Other reductions stay serial.
#pragma once

#include "ir/LoopIR.h"

namespace npc::passes {

/// Marks loops in `f.body` in place. Float sums split across threads are reassociated;
/// the README states the tolerance. `argReductions`: whole-array argmin/argmax loops
/// (Stmt::argIndexVar) are parallel too.
void parallelize(loop::Function &f, bool argReductions = false);

} // namespace npc::passes
