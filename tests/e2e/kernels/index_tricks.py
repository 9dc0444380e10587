"""np.unravel_index (an array, a number, order='F', run-time extents) and
np.ravel_multi_index (modes raise, wrap, clip, one per axis; order='F')."""
import numpy as np


# npc export f(int64[:], int32[:], int64[:], int64, int64)
def f(flat, rows, cols, n, m):
    r, c = np.unravel_index(flat, (n, m))
    fr, fc, fz = np.unravel_index(flat, (n, m, 1), order="F")
    a, b = np.unravel_index(3, (2, 2))
    return (r, c, fr, fc, fz, a, b, np.ravel_multi_index((rows, cols), (n, m)),
            np.ravel_multi_index((rows, cols), (n, m), order="F"),
            np.ravel_multi_index((rows + 7, cols - 9), (n, m), mode="wrap"),
            np.ravel_multi_index((rows + 7, cols - 9), (n, m), mode=("clip", "wrap")))
