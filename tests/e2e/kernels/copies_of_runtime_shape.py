"""Values whose shape only the run time knows, copied before what they read changes:
a boolean mask's elements (`r`) before the array is updated, and a block by a `while`
loop's counter (`blk`) before the array is updated and before the counter moves on. Each
copy is allocated where it is made, with its extents kept beside it."""
import numpy as np


# npc export f(float64[:, :])
def f(a):
    r = a[a > 0]
    a[0, 0] = 5.0
    s = np.zeros(a.shape[1])
    k = 0
    while k < min(a.shape[0], a.shape[1]):
        blk = a[k:, k:] + 1.0
        a[k, k] = -1.0
        k += 1
        s[k - 1:] += blk.sum(axis=0) * blk.shape[0]
    return r, s, a
