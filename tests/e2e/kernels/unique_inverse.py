import numpy as np


# npc export unique_inverse(float64[:,:], int8[:])
def unique_inverse(x, c):
    u, i, inv, n = np.unique(x, return_index=True, return_inverse=True, return_counts=True)
    v, _, inv2 = np.unique(x, return_index=True, return_inverse=True, equal_nan=False)
    w, inv3 = np.unique(c, return_inverse=True)
    return u, i, inv, n, v, inv2, w, inv3, u[inv]
