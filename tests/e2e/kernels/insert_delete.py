import numpy as np


# npc export insert_delete(float64[:], int64[:], float32[:,:], int8[:], bool[:], int64)
def insert_delete(a, idx, m, c, mask, k):
    d1 = np.delete(a, 0)
    d2 = np.delete(a, -1)
    d3 = np.delete(a, idx)  # repeats delete once; negatives from the end
    d4 = np.delete(m, [0, 2], axis=1)
    d5 = np.delete(m, 1, axis=0)
    d6 = np.delete(m, idx % 3)  # the flattened array
    d7 = np.delete(c, mask)
    d8 = np.delete(a, [])
    d9 = np.delete(a, k)
    i1 = np.insert(a, 0, 1.5)
    i2 = np.insert(a, len(a), [7.0, 8.0])
    i3 = np.insert(c, k, 30.7)  # converted as np.array(30.7, dtype=np.int8)
    i4 = np.insert(m, 1, [1.0, 2.0, 3.0], axis=0)
    i5 = np.insert(m, -1, 9.0, axis=1)
    i6 = np.insert(m, [1], [[1.0], [2.0], [3.0], [4.0]], axis=1)
    i7 = np.insert(m, 2, 5)
    i8 = np.insert(m, 1, [[[1.0, 2.0, 3.0]]], axis=0)  # leading extents of 1 dropped
    i9 = np.insert(a, [k], 2.5)
    return d1, d2, d3, d4, d5, d6, d7, d8, d9, i1, i2, i3, i4, i5, i6, i7, i8, i9
