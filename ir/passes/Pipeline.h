// The whole middle end in order: from an exported function in array IR to loop IR
// ready for an emitter. Reads like the compiler (Halide's Lower.cpp is the model).
#pragma once

#include "ir/ArrayIR.h"
#include "ir/LoopIR.h"
#include "ir/passes/LowerToLoops.h"

namespace npc::passes {

/// Target-dependent choices of the pipeline.
struct PipelineOptions {
    /// Lanes for the vectorize pass; 0 disables it (the CUDA target maps iterations to
    /// threads instead).
    int vectorLanes = 8;
    LoweringOptions lowering;
};

/// Runs schedule-stages, lower-to-loops, parallelize and vectorize on `f`, verifying the
/// array IR first. `file` supplies the Python lines quoted in comments.
loop::Function compileFunction(const array::Function &f, const SourceFile &file,
                               const PipelineOptions &options = {});

} // namespace npc::passes
