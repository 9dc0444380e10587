"""In-place updates of slices of a 2-D argument: a stencil that reads the array it writes (tests/e2e/test_nests.py)."""
import numpy as np


# npc export stencil(float64[:,:], float64)
def stencil(a, c):
    a[1:-1, 1:-1] = c * (a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:])
    a[0, :] += 1.0
    return a.sum()
