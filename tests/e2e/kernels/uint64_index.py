"""uint64 scalars of 2**63 or more as slice bounds (they clamp, as NumPy's) and as an
index (IndexError; NumPy raises OverflowError), not wrapped to negative values."""
import numpy as np


# npc export uint64_index(float64[:], uint64[:], int)
def uint64_index(x, u, i):
    y = x.copy()
    y[u[1]:] = 7.0
    return y, x[u[0]:], x[:u[1]], x[u[2]:u[0]], x[u[i]]
