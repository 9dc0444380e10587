// The whole middle end in order: from an exported function in array IR to loop IR
// ready for an emitter. Reads like the compiler (Halide's Lower.cpp is the model).
#pragma once

#include "ir/ArrayIR.h"
#include "ir/LoopIR.h"

namespace npc::passes {

/// Runs schedule-stages, lower-to-loops and parallelize on `f`, verifying the array IR
/// first. `file` supplies the Python lines quoted in comments.
loop::Function compileFunction(const array::Function &f, const SourceFile &file);

} // namespace npc::passes
