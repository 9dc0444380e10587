import numpy as np


# npc export histogram_int_range(int64[:], uint64[:])
def histogram_int_range(a, u):
    h, e = np.histogram(a, 1, range=(2**60, 2**61))
    g, e2 = np.histogram(u, 2, range=(2**62, 2**62 + 2**40))
    return h, e, g, e2
