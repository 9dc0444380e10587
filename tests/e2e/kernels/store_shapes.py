"""Slice assignment and in-place updates between arrays whose extents only the run time
knows: NumPy broadcasts an extent of 1 and raises ValueError for other mismatches."""
import numpy as np


# npc export store_shapes(float64[:], float64[:], float64[:,:])
def store_shapes(x, y, m):
    x[:] = y
    m[:, 0] = y
    x += y
    return x, m
