"""np.quantile and np.percentile (method 'linear'): q a literal or a run-time float, q in
a's float dtype (float32 stays float32), integer values interpolated in float64 with
their difference in their own dtype, NaN lines, axis and keepdims."""
import numpy as np


# npc export f(float64[:], float32[:, :], int8[:], float64)
def f(x, m, i, q):
    return (np.quantile(x, 0.3), np.percentile(x, 50), np.quantile(m, 0.75, axis=1),
            np.percentile(m, 30, axis=0, keepdims=True), np.percentile(i, 30),
            np.quantile(i, q), np.quantile(x, q), np.percentile(m, 100), np.quantile(x, 0),
            np.quantile(m, q, keepdims=True), np.percentile(x, q * 100, axis=-1))
