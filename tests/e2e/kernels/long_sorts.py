"""np.sort and np.argsort of single lines long enough for the OpenMP target's radix sort
(2048 elements or more): every key width (float64, float32, int64, int32, int16, int8,
uint64, uint8, bool), NaNs, infinities, signed zeros, repeated values (kind='stable'),
strided views and the flattened 2-D array, and what sorts inside other functions."""
import numpy as np


# npc export f(float64[:], float32[:], int64[:], int32[:], int16[:], int8[:], uint64[:], uint8[:], bool[:], float64[:,:])
def f(d, s, q, i, h, b, u, c, t, m):
    values, first, counts = np.unique(s, return_index=True, return_counts=True)
    return (np.sort(d), np.argsort(d, kind="stable"), np.sort(s), np.argsort(s, kind="stable"),
            np.sort(q), np.argsort(q, kind="stable"), np.sort(i), np.argsort(i, kind="stable"),
            np.sort(h), np.argsort(h, kind="stable"), np.sort(b), np.argsort(b, kind="stable"),
            np.sort(u), np.argsort(u, kind="stable"), np.sort(c), np.argsort(c, kind="stable"),
            np.sort(t), np.argsort(t, kind="stable"), np.sort(d[::-3]),
            np.argsort(m, axis=None, kind="stable"), np.sort(m.T, axis=None), np.median(d),
            np.unique(q), values, first, counts)
