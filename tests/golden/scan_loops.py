# Scans at loop level: a cumulative sum along axis 0 runs its outer loop (over columns)
# in parallel, 64 columns a block (then 8), and carries the running value through a
# sequential inner loop; a
# flattened cumulative product is one sequential nest storing at the flat C-order index,
# with its operand fused in.
# RUN: %npc transpile %s --emit-loops | %FileCheck %s
import numpy as np

# npc export f(float64[:,:])
def f(x):
    return np.cumsum(x, axis=0), np.cumprod(x * 2)

# CHECK: alloc result float64[x.shape[0], x.shape[1]]
# CHECK: alloc result2 float64[(x.shape[0] * x.shape[1])]
# CHECK: let int64 i_wide = ((x.shape[1] / 64) * 64)
# CHECK: parallel for i_block in 0..(i_wide / 64) {
# CHECK: for j in 0..x.shape[0] {
# CHECK: cumsum_acc[lane] = (cumsum_acc[lane] + x[((j * x_s0) + (((i_block * 64) + lane) * x_s1))])
# CHECK-NEXT: result[((j * result_s0) + ((i_block * 64) + lane))] = cumsum_acc[lane]
# CHECK: parallel for i_tail_block in 0..((x.shape[1] - i_wide) / 8) {
# CHECK: var float64 cumprod_acc = 1
# CHECK-NEXT: for i in 0..x.shape[0] {
# CHECK-NEXT: for j in 0..x.shape[1] {
# CHECK-NEXT: cumprod_acc = (cumprod_acc * (x[((i * x_s0) + (j * x_s1))] * 2))
# CHECK-NEXT: result2[((i * x.shape[1]) + j)] = cumprod_acc
