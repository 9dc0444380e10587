import numpy as np


# npc export searchsorted(float64[:], float32[:,:], int32[:], int64, uint8[:])
def searchsorted(a, v, ia, k, u):
    edges = np.sort(a)
    left = np.searchsorted(edges, v)  # float32 keys compared as float64
    right = np.searchsorted(edges, v, side="right")
    s = np.searchsorted(edges, 0.5)  # a Python float key: a 0-d int64
    i = np.searchsorted(np.sort(ia), k)  # int32 array, int64 key: compared in int64
    w = np.searchsorted(np.sort(u), [3, 300, -1])  # uint8 with Python ints: int64
    m = edges.searchsorted(v[0] * 2, side="right")  # the method, keys computed
    b = np.searchsorted([False, True, True], ia > 2)
    c = np.searchsorted(np.cumsum(np.abs(a)), np.abs(v[0]))  # a scan's buffer
    r = np.searchsorted(edges - u.sum(), v - u.sum())  # an operand with a reduction
    f = np.searchsorted(edges.astype(np.float32), 0.1, side="right")  # in float64
    return left, right, s, i, w, m, b, c, r, f
