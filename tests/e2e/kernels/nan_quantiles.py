"""np.nanmedian, np.nanquantile and np.nanpercentile: lines with NaNs, of NaNs only and
empty; along an axis, of the flattened array, keepdims; q a number, a list, a run-time
array; integers (no NaN: the plain statistic)."""
import numpy as np


# npc export f(float64[:], float32[:, :], int32[:, :], float64[:], float64)
def f(x, m, i, qs, q):
    return (np.nanmedian(x), np.nanmedian(m, axis=0), np.nanmedian(m, axis=1, keepdims=True),
            np.nanmedian(i, axis=1), np.nanmedian(m),
            np.nanquantile(x, q), np.nanquantile(m, q, axis=1), np.nanquantile(m, [0.0, 0.5, 1.0], axis=0),
            np.nanpercentile(x, [10, 90]), np.nanpercentile(m, 30, axis=-1, keepdims=True),
            np.nanquantile(m, qs, axis=1), np.nanquantile(x, 1), np.nanquantile(m, 0, axis=0),
            np.nanquantile(i, q, axis=0), np.nanpercentile(m, np.float32(40)),
            np.nanquantile(m, qs, keepdims=True))
