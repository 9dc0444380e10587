"""ufunc.outer of binary ufuncs: a pairwise difference matrix, a comparison table, a
2-D by 1-D product, a Python number and a list, integer and float dtypes."""
import numpy as np


# npc export f(float64[:], float32[:], int16[:, :], int64[:])
def f(x, y, m, k):
    d = np.subtract.outer(x, x)
    return (d, np.abs(d).sum(), np.multiply.outer(m, k), np.less.outer(x, y),
            np.add.outer(2, k), np.maximum.outer([1.5, -1.0], y), np.power.outer(k, 2),
            np.arctan2.outer(y, x), np.gcd.outer(k, k), np.logaddexp.outer(x, y))
