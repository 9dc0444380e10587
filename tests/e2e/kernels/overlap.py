"""In-place updates whose right side reads the target through a reversed slice or a
transpose (NumPy computes the right side first), and a slice copy from a shifted view."""
import numpy as np


# npc export overlap(float64[:], float64[:,:])
def overlap(a, m):
    a += a[::-1]
    m += m.T
    b = a * 1.0
    b[::2] = b[1::2][0]
    return a, m, b
