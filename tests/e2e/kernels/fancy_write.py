"""Integer-array assignment: a scalar, an array broadcast to the indexed shape, through a
view, and augmented assignment where repeated indices update once (NumPy's setitem: the
last write wins, not np.add.at); the caller's arrays change in place."""
import numpy as np


# npc export fancy_write(float64[:], int64[:], float64[:,:], float64[:], int8[:], int16[:])
def fancy_write(x, idx, m, v, k, z):
    y = x * 1.0
    y[idx] = 0.5
    x[idx] += 1.0
    m[idx] = v
    m[:, 0][idx] = 7.0
    w = np.zeros(6)
    w[idx] = idx * 0.5
    z[k] -= 1
    z[k[::-1]] = k
    return y, x, m, w, z
