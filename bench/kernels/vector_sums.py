"""Sums of a 1-D array (bench/samples_bench.py): of its elements, and of its products with
another (a dot product: NumPy multiplies into a temporary first)."""
import numpy as np


# npc export vector_sums(float64[:], float64[:])
def vector_sums(x, y):
    return np.sum(x), np.sum(x * y)
