"""Bisection over an index array that each branch halves differently (`idx[mid:]` or
`idx[:mid]`): a variable whose extent changes with the branch taken."""
import numpy as np


# npc export f(float64[:], float64)
def f(x, t):
    idx = np.arange(x.shape[0])
    while idx.shape[0] > 1:
        mid = idx.shape[0] // 2
        if x[idx[mid]] <= t:
            idx = idx[mid:]
        else:
            idx = idx[:mid]
    return idx
