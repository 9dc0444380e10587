"""Sorting many lines (bench/samples_bench.py): each row of a matrix sorted and its
median, as in robust per-sample statistics. npc radix-sorts each row on one thread, the
rows in parallel; NumPy sorts row by row with its SIMD quicksort."""
import numpy as np


# npc export row_sorts(float64[:, :])
def row_sorts(m):
    return np.sort(m), np.median(m, axis=1)
