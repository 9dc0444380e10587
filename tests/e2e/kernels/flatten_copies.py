"""ndarray.flatten is always a copy: later updates of the array do not show through it, and
writing into it leaves the array alone."""
import numpy as np


# npc export flatten_copies(float64[:, :])
def flatten_copies(m):
    a = m.flatten()
    b = m[:, ::2].flatten()
    m[1:3] = -1.0
    m *= 2
    c = m.flatten()
    c[0] = 99.0
    return a, b, c, m
