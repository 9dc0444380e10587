import numpy as np


def scatter(out, where, what):
    np.add.at(out, where, what)  # through a helper: the caller's array


# npc export ufunc_at_inplace(float64[:,:], int64[:], float64[:])
def ufunc_at_inplace(a, idx, b):
    q = b.copy()
    np.add.at(q, idx % len(b), q[::-1])  # reads q as it was before the call
    for k in range(3):
        np.add.at(a, idx % a.shape[0], k)  # whole rows, in a loop
    scatter(a[:, 0], idx % a.shape[0], b)
    np.maximum.at(a, (idx % a.shape[0], idx % a.shape[1]), b)
    return q
