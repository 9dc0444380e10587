# The fusion schedule of the K-Means step at loop level: one parallel loop, two fused
# reductions inside it.
# RUN: %npc transpile %s --emit-loops | %FileCheck %s
import numpy as np

# npc export kmeans(float32[:,:], float32[:,:])
def kmeans(X, means):
    return np.argmin(np.linalg.norm(X - means[:, None], axis=2), axis=0)

# CHECK: alloc result int64[X.shape[0]]
# CHECK-NOT: alloc
# CHECK: parallel for i_block in 0..(X.shape[0] / 8) {
# CHECK: for j in 0..means.shape[0] {
# float32 sums accumulate in float64, rounded once after the loop.
# CHECK: var float64 sum[8]
# CHECK: for k in 0..n {
# CHECK-NOT: parallel
# CHECK: result[((i_block * 8) + lane)] = argmin[lane]
