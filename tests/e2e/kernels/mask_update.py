"""In-place updates through a boolean mask with array right sides: the same mask's
elements of another array (`x[keep] += v[keep]`), an array of its own length (the mask's
count or 1), a row broadcast over masked rows. The target is read and written element by
element, with no copy of the right side."""
import numpy as np


# npc export mask_update(float64[:], float64[:], float64[:], float64[:,:], float64[:])
def mask_update(x, v, w, m, r):
    keep = x > 0
    x[keep] += v[keep]
    x[x < 0] -= w
    m[m[:, 0] > 0] *= r
    return x, m
