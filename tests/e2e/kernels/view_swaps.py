"""Tuple assignments whose right sides are views of the arrays stored into: NumPy reads a
view when its store runs, after the earlier stores (no swap of rows); computed arrays and
elements are values read first."""
import numpy as np


# npc export view_swaps(float64[:, :], float64[:], float64[:])
def view_swaps(m, x, y):
    m[0], m[1] = m[1], m[0]
    x[:2], x[2:4] = x[2:4], x[:2]
    x[:], y[:] = y, x
    m[2], m[3] = m[3] * 1.0, m[2] + 0.0
    return m, x, y
