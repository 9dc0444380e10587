# Vector lanes of a minimum/maximum along an axis go where the array is contiguous: along
# axis 1 (a row) each row's inner loop runs in lanes; along axis 0 the lanes span 64
# neighbouring columns (then 8 for the rest) and the inner loop walks down them, never a
# column per lane.
# RUN: %npc transpile %s --emit-loops | %FileCheck %s
import numpy as np

# npc export f(float64[:,:])
def f(x):
    return x.max(axis=1), x.min(axis=0)

# CHECK: if (x.shape[1] >= 16) {
# CHECK: parallel for i in 0..x.shape[0] {
# CHECK: max_lanes[lane] = maximum<float64>(max_lanes[lane], x[((i * x_s0) + (j * x_s1))])
# CHECK-NOT: if (x.shape[0] >= 16)
# CHECK: parallel for i_block{{[0-9]*}} in 0..(i_wide / 64) {
# CHECK: for j{{[0-9]*}} in 0..x.shape[0] {
# CHECK: min[lane{{[0-9]*}}] = minimum<float64>(min[lane{{[0-9]*}}], x[((j{{[0-9]*}} * x_s0) + (((i_block{{[0-9]*}} * 64) + lane{{[0-9]*}}) * x_s1))])
# CHECK: parallel for i_tail_block in 0..((x.shape[1] - i_wide) / 8) {
