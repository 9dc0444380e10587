"""Chained comparisons of scalars: `a < b < c` is `(a < b) and (b < c)`, b evaluated once.
(Chains of arrays are errors, as NumPy raises for them: see test_elementwise_errors.py.)"""
import numpy as np


# npc export chained_compare(float64, int64, float64)
def chained_compare(x, k, t):
    return 0 < x <= t, k < x < t, -1 < t < 1, x == x != k
