"""Elementwise results of a 2-D array, of its views and of a broadcast row (tests/e2e/test_nests.py)."""
import numpy as np


# npc export elementwise2d(float64[:,:], float64[:])
def elementwise2d(x, v):
    scaled = x * 2.0 + v
    flipped = x.T - 1.0
    strided = x[::2, 1:] * x[::2, 1:]
    return scaled, flipped, strided
