"""np.vander (N, increasing, integers that wrap, bools, floats), np.diagflat (k) and
np.trim_zeros (both ends, one end, all zeros, floats with -0.0)."""
import numpy as np


# npc export f(float64[:], int8[:], bool[:], float64[:], int32[:], int64)
def f(x, i, b, z, t, n):
    return (np.vander(x), np.vander(x, 3, increasing=True), np.vander(i, n), np.vander(b, 2),
            np.vander([1, 2, 3]), np.diagflat(x), np.diagflat(i[:2], k=-1),
            np.diagflat([[1, 2], [3, 4]], 1), np.trim_zeros(z), np.trim_zeros(z, "f"),
            np.trim_zeros(z, trim="b"), np.trim_zeros(t), np.trim_zeros(t, "BF"))
