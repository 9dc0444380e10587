"""Comparisons of uint64 with signed integers: NumPy 2 compares them exactly (the dtypes
promote to float64, which would round values beyond 2**53 and lose signs' meaning)."""
import numpy as np


# npc export mixed_sign_compare(uint64[:], int64[:], int8[:])
def mixed_sign_compare(u, i, s):
    return (u < i, u <= i, u > i, u >= i, u == i, u != i, i < u, i >= u, s == u, u > s,
            u[0] < i[0], np.less(u, i[:, None]), np.where(u > i, u, 0))
