# Integer-array indexing: the index is checked in the parallel loop with
# npc::checked_index, which records an out-of-bounds index in `index_error` (OpenMP loops
# cannot throw), raised right after the loop. An assignment checks and wraps the indices
# into a buffer first (nothing is written when one is out of bounds) and then stores in
# order (repeated indices: the last write wins), so its loop is not parallel. A boolean
# mask is counted, compacted in a serial pass (flatnonzero) and gathered.
# RUN: %npc transpile %s -o %t && %FileCheck %s < %t/gather_cpp.cpp
import numpy as np

# npc export gather(float64[:], int64[:])
def gather(x, idx):
    y = x[idx] * 2.0
    x[idx] = 0.5
    return y, x[x > 0].sum()

# CHECK: npc::IndexErrorFlag index_error;
# CHECK: // gather_cpp.py:12: y = x[idx] * 2.0
# CHECK: x_data[npc::checked_index(idx_data[{{.*}}], x.shape[0], 0, index_error) * x_s0] * 2.0;
# CHECK: index_error.raise_if_set();
# CHECK: // gather_cpp.py:13: x[idx] = 0.5
# CHECK: index_data[{{.*}}] = npc::checked_index(idx_data[{{.*}}], x.shape[0], 0, index_error);
# CHECK: index_error.raise_if_set();
# CHECK: index_data[i] = npc::checked_index(idx_data[i * idx_s0], x.shape[0], 0, index_error);
# CHECK: index_error.raise_if_set();
# CHECK-NEXT: for (int64_t i = 0; i < idx.shape[0]; ++i) {
# CHECK-NEXT: x_data[index_data[i] * x_s0] = 0.5;
# CHECK: npc::Array<int64_t, 1> nonzero({count});
# CHECK: for (int64_t i = 0; i < x.shape[0]; ++i) {
# CHECK: if (t && found < count) {
# CHECK-NEXT: nonzero_data[found] = i;
