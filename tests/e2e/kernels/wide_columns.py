"""Reductions and scans along axis 0 of arrays with many columns: the loop over columns
runs in blocks of 64 neighbouring columns, then 8, then one at a time (Vectorize.cpp's
wideBlocks); every column must get NumPy's value whatever block it falls in."""
import numpy as np


# npc export wide_columns(float64[:,:], int64[:,:])
# npc export wide_columns(float32[:,:], int32[:,:])
def wide_columns(x, k):
    return (x.sum(axis=0), x.mean(axis=0), x.max(axis=0), np.min(x, axis=0),
            np.cumsum(x, axis=0), x.argmax(axis=0), x.std(axis=0), (x * 2 + 1).sum(axis=0),
            k.sum(axis=0), k.max(axis=0), np.argmin(k, axis=0), x.T.sum(axis=1))
