"""Dot products of bool arrays are logical (any of the pairwise ands) on any number of
threads: the threads' partial results combine with ||, not by adding bool bytes."""
import numpy as np


# npc export bool_dot(bool[:], bool[:,:])
def bool_dot(u, m):
    d = u @ u
    e = np.dot(u, m)
    return d, ~d, np.logical_not(d), d == True, e, ~e
