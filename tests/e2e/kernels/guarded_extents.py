"""Arrays assigned in a branch are allocated on entry, their shapes computed there; a
division by zero or an out-of-range conversion in such a shape raises only if the branch
runs, as in Python (here it never does: the guard excludes the failing values)."""
import numpy as np


# npc export guarded_extents(float64[:], int, int)
def guarded_extents(x, n, m):
    r = 0.0
    if m != 0:
        z = np.ones(n // m)
        if n > 5:
            z = z * 2.0
        r = float(z.sum())
    if n < 256:
        w = x[: np.uint8(n)]
        if n > 5:
            w = w * 2.0
        r += float(w.sum())
    return r
