"""np.sort and np.argsort of lines long enough for the OpenMP target's radix sort (a single
line of 2048 elements or more, the lines of a wider array of 128 or more): every key width
(float64, float32, int64, int32, int16, int8, uint64, uint8, bool), NaNs, infinities,
signed zeros, repeated values (kind='stable'), strided views and the flattened 2-D array,
rows and columns, and what sorts inside other functions."""
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
            np.unique(q), values, first, counts, np.sort(m, axis=1),
            np.argsort(m.T, axis=0, kind="stable"), np.sort(np.stack((s, -s)), axis=1),
            np.argsort(np.stack((i, i[::-1])), axis=1, kind="stable"),
            np.argsort(np.stack((h, h)).T, axis=0, kind="stable"), np.sort(np.stack((c, c))),
            np.argsort(np.stack((t, ~t)), axis=1, kind="stable"),
            np.sort(np.stack((u, u[::-1])), axis=-1), np.median(np.stack((q, q)), axis=1))
