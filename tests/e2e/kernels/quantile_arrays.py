"""np.quantile and np.percentile of several q at once (a list, a run-time array of any
shape, whose axes lead the result's) with axis and keepdims; q's dtype as NumPy 2 converts
it: integer q (0 or 1) takes the sorted value in a's dtype (np.quantile(int8, 1) is int8),
a np.float32 q keeps float32, a Python number or np.float64 becomes a float a's dtype."""
import numpy as np


# npc export f(float64[:], float32[:, :], int8[:], float64[:], float32[:, :], float32, int64[:])
def f(x, m, i, qs, q2, q32, qi):
    return (np.quantile(x, [0.1, 0.5, 0.9]), np.percentile(x, [5, 50, 95]),
            np.quantile(m, qs, axis=1), np.percentile(m, q2 * 100, axis=0, keepdims=True),
            np.quantile(m, q2, keepdims=True), np.quantile(i, qs), np.quantile(i, [0, 1]),
            np.quantile(i, 1), np.quantile(x, 0), np.quantile(x, [1, 0]), np.quantile(m, qi, axis=0),
            np.quantile(i, q32), np.quantile(i, qi), np.percentile(i, [0, 100]),
            np.quantile(m, (0.25, 0.75), axis=-1), np.quantile(x, np.float32(0.3)),
            np.percentile(m, [[10], [90]], axis=1, keepdims=True))
