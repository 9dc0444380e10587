# Creation functions cost nothing of their own: np.arange becomes the loop index, np.zeros
# a constant in the consumer's loop (no buffer), and a run-time size is checked once on
# entry with NumPy's ValueError.
# RUN: %npc transpile %s --emit-loops | %FileCheck %s
import numpy as np

# npc export weights(float64[:], int)
def weights(x, n):
    return np.sum(x * np.arange(x.shape[0])), np.zeros((n, 3)) + 1.5

# CHECK: if (n < 0) throw ValueError("negative dimensions are not allowed")
# CHECK-NOT: throw
# CHECK: alloc result2 float64[n, 3]
# CHECK-NOT: alloc
# The sum runs in chunks of 2048 elements, each summed in SIMD lanes.
# CHECK: parallel for i_chunk in 0..(x.shape[0] / 2048) reduce(+:sum) {
# CHECK: let int64 i = ((i_chunk * 2048) + i_k)
# CHECK-NEXT: sum_lanes[lane] = (sum_lanes[lane] + (x[(i * x_s0)] * float64(i)))
# CHECK: result2[{{.*}}] = (0 + 1.5)
