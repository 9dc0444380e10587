"""Run-time slice bounds of -2**63 (the value that stands for an omitted bound in the
generated code) clamp as NumPy's do."""
import numpy as np


# npc export min_slice_bounds(float64[:], int, int)
def min_slice_bounds(x, n, m):
    y = x.copy()
    y[n:m] = -1.0
    return x[n::-1], x[n:m:-2], x[m:n:3], x[n:m][::-1], x[:n], y
