import numpy as np


# npc export tuple_index(float64[:,:], int32[:])
def tuple_index(a, k):
    r = a[np.nonzero(a > 0)]  # the tuple np.nonzero returns, as the whole index
    a[np.nonzero(a < -1)] = 0.0  # assigned through
    idx = np.nonzero(k)
    k[idx] += 1  # updated through a tuple held in a variable
    return r, a, k
