// Arguments that share memory: NumPy computes an operation's inputs before it writes its
// output (numpy.copyto and the ufuncs copy an input that overlaps the output, after
// NumPy's memory-overlap check). Arguments are views whose memory the caller may share
// (`f(x[1:], x[:-1])`), which only the run time knows, so a loop nest that writes one
// argument while reading another could read elements it has already written.
#pragma once

#include "ir/LoopIR.h"

namespace npc::passes {

/// Before each loop nest of `f` that stores into an array argument W and loads another
/// array argument R, inserts a Snapshot of R against the arguments the nest writes and
/// makes the nest load the snapshot. At run time the snapshot is R itself unless R's
/// memory span overlaps a written argument's (np.may_share_memory's bounds test), in
/// which case it is a copy of R's span taken before the nest runs: NumPy's result, at the
/// cost of one comparison per nest when the arguments do not overlap. Overlap within one
/// argument (`x[1:] += x[:-1]`) is the frontend's (it buffers the right side), so an
/// argument the nest also writes gets no snapshot. The snapshot copies the whole span of
/// the argument, however few of its elements the nest reads.
void snapshotOverlappingArguments(loop::Function &f);

} // namespace npc::passes
