"""Names assigned arrays of other shapes in loops: `x = x[x > x.mean()]` until one element
is left, `m = m[keep]` dropping rows while updating the rest in place, and a mask's
elements (a length only the run time knows) carried through a loop. Each such variable
holds its extents and gets new storage at each assignment."""
import numpy as np


# npc export f(float64[:], float64[:, :], int64)
def f(x, m, n):
    steps = 0
    while x.shape[0] > 1:
        x = x[x > x.mean()]
        steps += 1
    while m.shape[0] > 2:
        m = m[m[:, 0] > m[:, 0].min()]
        m[:, 1] += 1.0
    r = m[m[:, 2] > 0.5, 2]
    for _ in range(n):
        r = r * 2.0
    return x, steps, m, r
