# A variable whose extent changes with its values (`x = x[x > x.mean()]` in a loop) is
# declared empty on entry with its extent in an int64 variable; the value, which reads x,
# is computed into a buffer allocated where it runs (`realloc`), and x takes that buffer
# over instead of copying it.
# RUN: %npc transpile %s --emit-loops | %FileCheck %s
import numpy as np

# npc export f(float64[:])
def f(x):
    while x.shape[0] > 1:
        x = x[x > x.mean()]
    return x

# CHECK: alloc [[X:x[0-9]+]] float64[0]
# CHECK: alloc [[TMP:x[0-9]+]] float64[0]
# CHECK: var int64 [[N:x_n]] = 0
# CHECK: var int64 [[TMPN:x_n[0-9]+]] = 0
# CHECK: [[N]] = x.shape[0]
# CHECK: realloc float64 [[X]][[[N]]]
# CHECK-NEXT: parallel for
# CHECK: [[X]][((i_block * 8) + lane)] = x[
# CHECK: loop {
# CHECK: let bool result = !(([[N]] > 1))
# CHECK: [[TMPN]] = count
# CHECK-NEXT: realloc float64 [[TMP]][[[TMPN]]]
# CHECK: [[TMP]][i] = [[X]][nonzero[i]]
# CHECK: [[N]] = [[TMPN]]
# CHECK-NEXT: [[X]] takes [[TMP]]
# CHECK-NEXT: }
