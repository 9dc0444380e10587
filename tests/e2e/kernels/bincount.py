import numpy as np


# npc export bincount(int32[:], float32[:], int64, uint8[:])
def bincount(x, w, m, u):
    a = np.bincount(x)
    b = np.bincount(x, weights=w, minlength=m)
    c = np.bincount(x % 3, minlength=5)
    d = np.bincount(u > 2)
    e = np.bincount(u, u)  # integer weights: float64 sums
    f = np.bincount([0, 2, 2], minlength=m)
    g = np.bincount(x[::-1], weights=w > 0)
    return a, b, c, d, e, f, g
