import numpy as np


# npc export histogram(float64[:], float32[:,:], int32[:], int64)
def histogram(x, y, k, n):
    a, e = np.histogram(x)
    b, e2 = np.histogram(y, bins=7)
    c, e3 = np.histogram(k, bins=n)
    d, e4 = np.histogram(x, bins=5, range=(-1.0, 1.0))
    g, e5 = np.histogram(y, bins=4, range=(0, 1), density=True)
    h, e6 = np.histogram(x, bins=[-1.0, 0.0, 0.5, 2.0])
    return a, e, b, e2, c, e3, d, e4, g, e5, h, e6
