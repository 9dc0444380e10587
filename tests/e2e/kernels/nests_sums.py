"""Whole-array sums, means and products of a 2-D array and of its views (tests/e2e/test_nests.py)."""
import numpy as np


# npc export sums2d(float64[:,:])
# npc export sums2d(int32[:,:])
def sums2d(x):
    total = np.sum(x)
    transposed = np.sum(x.T * 3)
    mean = x[:, 1:].mean()
    prod = np.prod(x[:2, :4] % 3 + 1)
    return total, transposed, mean, prod
