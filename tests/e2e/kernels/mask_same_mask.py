"""In-place updates through a mask whose right side reads the target through the same
mask again (`x[keep] += x[keep]`, `x[x > 1] = x[x > 1] * v[x > 1]`): the same true
positions, so element by element, with no copy."""
import numpy as np


# npc export mask_same_mask(float64[:], float64[:], float64[:,:], float64[:,:])
def mask_same_mask(x, v, a, b):
    keep = x > 0
    x[keep] += x[keep]
    x[x > 1] = x[x > 1] * v[x > 1]
    a[a > 0] += b[a > 0] * a[a > 0]
    a[a[:, 0] < 5] -= a[a[:, 0] < 5] * 0.5
    return x, a
