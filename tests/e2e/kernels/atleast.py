import numpy as np


# npc export atleast(float64[:], int32[:,:], float32)
def atleast(x, m, s):
    a = np.atleast_1d(s)
    b = np.atleast_2d(x)  # (1, n)
    c = np.atleast_3d(x)  # (1, n, 1)
    d = np.atleast_3d(m)  # (m, n, 1)
    e = np.atleast_2d(m)  # unchanged
    f = np.atleast_2d(3)  # a Python int: int64
    g, h = np.atleast_1d(s, x)  # several: a tuple
    k = np.atleast_3d(s)
    return a, b, c, d, e, f, g, h, k
