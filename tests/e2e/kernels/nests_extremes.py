"""Whole-array minima, maxima, argmin and argmax of a 2-D array and of its views (tests/e2e/test_nests.py)."""
import numpy as np


# npc export extremes2d(float64[:,:])
# npc export extremes2d(int32[:,:])
def extremes2d(x):
    return np.min(x), np.max(x.T), np.argmin(x), np.argmax(x), np.argmax(x.T), np.argmin(x[::-1])
