import numpy as np


# npc export lexsort(float64[:], int32[:], bool[:], float32[:,:], int64[2,:])
def lexsort(a, b, c, m, k):
    o1 = np.lexsort((a, b))  # by b, then a
    o2 = np.lexsort([a, b, c])  # by c, then b, then a
    o3 = np.lexsort((m, m[::-1]), axis=0)
    o4 = np.lexsort((m, -m))  # along the last axis
    o5 = np.lexsort(k)  # the rows of a 2-D array are the keys
    o6 = np.lexsort((a,))
    return o1, o2, o3, o4, o5, o6, a[o1]
