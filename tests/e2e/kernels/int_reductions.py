"""Integer reductions: sum of int8/uint8/int32 accumulates in int64/uint64, products wrap,
min/max keep the dtype."""
import numpy as np


# npc export int_reductions(int8[:,:], uint8[:,:], int64[:])
def int_reductions(a, b, c):
    return (a.sum(axis=0), np.sum(b, axis=1), np.prod(a, axis=-1), c.prod(), a.min(axis=0),
            np.max(b), np.sum(b, axis=(0, 1), keepdims=True))
