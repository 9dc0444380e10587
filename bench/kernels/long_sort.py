"""Sorting one long array (bench/samples_bench.py): a single line, which npc radix-sorts
on one thread (OpenMP target), where NumPy uses its SIMD quicksort: expect npc to be
slower."""
import numpy as np


# npc export long_sort(float64[:])
def long_sort(x):
    return np.sort(x)
