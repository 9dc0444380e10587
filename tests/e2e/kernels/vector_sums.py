"""1-D float sums long enough to be chunked (npc sums chunks of 2048 elements in SIMD lanes,
the chunks on the threads, the elements after the last whole chunk serially): a sum, a mean,
a dot product, a strided view, a float32 sum."""
import numpy as np


# npc export vector_sums(float64[:], float32[:])
def vector_sums(x, y):
    return np.sum(x), np.mean(x * x), np.sum(x[:-1] * x[1:]), np.sum(x[::3]), np.sum(y)
