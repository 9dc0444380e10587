"""Arrays npc allocates when the function starts, with extents statements check only
where they run: a negative extent must raise NumPy's ValueError there, not on entry."""
import numpy as np


# npc export guarded(float64[:], int, int, float64[:])
def guarded(x, n, k, w):
    total = x.sum()
    if n >= 0:
        y = np.zeros(n)
        y[::2] = 1.0
        total += y.sum()
    if k > 0:
        total += x.reshape(k, -1).sum(axis=0)[0]
    if k < -100:
        v = x + w
        v[0] = 0.0
        total += v.sum()
    if n < -5:
        return total
    z = np.ones(n)
    z[::3] = 2.0
    return total + np.concatenate((x, z)).sum()
