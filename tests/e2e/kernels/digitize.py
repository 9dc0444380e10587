import numpy as np


# npc export digitize(float64[:], float64[:], int32[:], float32[:,:])
def digitize(x, bins, ib, v):
    a = np.digitize(x, bins)
    b = np.digitize(x, bins, right=True)
    c = np.digitize(v, bins)  # float32 keys, 2-D
    d = np.digitize(x, ib)  # int32 bins, compared with x in float64
    e = np.digitize(2.5, [1, 2, 3])  # a Python float and a list: a 0-d int64
    f = np.digitize(x, bins[::-1], right=True)  # the other direction
    return a, b, c, d, e, f
