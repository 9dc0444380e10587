"""Assignment of rows through a boolean mask and an integer index array: values of the
indexing result's shape, or broadcast to it; other shapes raise NumPy's advanced-indexing
ValueError ("shape mismatch: value array of shape ...")."""
import numpy as np


# npc export fancy_write_shapes(float64[:,:], float64[:,:], int64[:])
def fancy_write_shapes(m, v, idx):
    m[m[:, 0] > 0] = v
    m[idx] = v * 2.0
    return m
