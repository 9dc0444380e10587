"""Elementwise results and whole-array reductions of a 3-D array (tests/e2e/test_nests.py)."""
import numpy as np


# npc export nests3d(float32[:,:,:])
def nests3d(x):
    y = np.sqrt(x * x + 1.0)
    return y, np.sum(y), np.max(x), np.argmax(x), np.argmin(x[:, ::2, 1:])
