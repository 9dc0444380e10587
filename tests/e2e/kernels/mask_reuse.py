"""A mask node counted once and reused within a statement (`x[keep] += v[keep]`, with
the mask's shape checked against each array, the target's too), and not reused across a
branch, a loop or an update of the mask."""
import numpy as np


# npc export mask_reuse(float64[:], float64[:], bool[:], bool)
def mask_reuse(x, v, keep, c):
    v[keep] = x[keep] * 0.5
    x[keep] += v[keep]
    s = x[keep].sum() if c else v[keep].sum()
    t = 0.0
    for i in range(3):
        t += v[keep].sum() + x[keep].max()
        keep[i] = not keep[i]
        t += x[keep].sum() * v[keep].mean()
    return x, s, t, v[keep] * 2 + x[keep]
