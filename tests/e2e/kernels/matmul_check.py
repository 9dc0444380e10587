"""Shared extents of matmul and dot known only at run time: NumPy's ValueError."""
import numpy as np


# npc export matmul_check(float64[:,:], float64[:,:], float64[:])
def matmul_check(a, b, u):
    return a @ b, np.dot(b, u)
