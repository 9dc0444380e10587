"""np.union1d, np.intersect1d, np.setdiff1d, np.setxor1d (assume_unique too) of integer and
float arrays (NaN, -0.0, mixed dtypes), and np.ediff1d (to_begin, to_end)."""
import numpy as np


# npc export f(int32[:], int64[:], float64[:], float32[:, :], uint8[:])
def f(a, b, x, m, u):
    return (np.union1d(a, b), np.intersect1d(a, b), np.setdiff1d(a, b), np.setxor1d(a, b),
            np.union1d(x, m), np.intersect1d(x, m), np.setdiff1d(x, m), np.setxor1d(x, m),
            np.intersect1d(np.unique(a), np.unique(b), assume_unique=True),
            np.setdiff1d(a, [1, 2, 3]), np.setxor1d(u, a), np.union1d(u, [7]),
            np.ediff1d(x), np.ediff1d(m, to_begin=-1.5), np.ediff1d(u, to_end=np.uint8(9)),
            np.ediff1d(a, to_begin=[1, 2], to_end=a[:2]))
