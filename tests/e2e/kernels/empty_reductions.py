"""Reductions of empty arrays NumPy defines: sum 0, prod 1, any False, all True, mean and
var NaN, cumsum empty; bool sums count."""
import numpy as np


# npc export empty_reductions(float64[:,:], bool[:])
def empty_reductions(x, m):
    return (np.sum(x), np.prod(x, axis=0), np.any(x), np.all(x, axis=1), np.mean(x, axis=0),
            np.var(x), np.cumsum(x), np.sum(m), m.sum(dtype=np.int8), np.mean(m), np.any(m),
            np.all(m), np.cumsum(m))
