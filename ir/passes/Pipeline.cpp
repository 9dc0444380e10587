// The pass pipeline.
#include "ir/passes/Pipeline.h"

#include "ir/passes/ArgumentOverlap.h"
#include "ir/passes/LowerToLoops.h"
#include "ir/passes/Parallelize.h"
#include "ir/passes/ScheduleStages.h"
#include "ir/passes/SplitLoops.h"
#include "ir/passes/Vectorize.h"

namespace npc::passes {

loop::Function compileFunction(const array::Function &f, const SourceFile &file,
                               const PipelineOptions &options) {
    array::verify(f);
    // Fusion: everything fuses into its consumer except results and reductions that
    // would be recomputed.
    Schedule schedule = scheduleStages(f);
    // One loop nest per stage; fused reductions become inner loops.
    loop::Function loops = lowerToLoops(f, schedule, file, options.lowering);
    // Nests that write one argument and read another read the other as it was.
    snapshotOverlappingArguments(loops);
    // Loops that choose between values by their index (np.concatenate's parts) become
    // one loop per choice.
    splitLoops(loops);
    // Outermost loops run on all threads.
    parallelize(loops);
    // Groups of iterations run in lockstep so the C++ compiler emits SIMD code.
    if (options.vectorLanes > 0)
        vectorize(loops, options.vectorLanes);
    return loops;
}

} // namespace npc::passes
