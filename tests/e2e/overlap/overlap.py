"""Functions that write one argument while reading another, for callers whose arguments
share memory (see overlap_test.cpp): NumPy reads the whole right side before it writes."""
import numpy as np


# npc export copy_into(float64[:], float64[:])
def copy_into(a, b):
    a[:] = b
    return np.sum(b)


# npc export add_into(float64[:], float64[:])
def add_into(a, b):
    a += b


# npc export blend(float64[:, :], float64[:, :], float64[:])
def blend(a, b, w):
    a[:] = a * w + b.T


# npc export shadowed(float64[:], float64[:])
def shadowed(a, b):
    # The snapshot of b gets a name of its own, not this one.
    b_read0 = np.cumsum(b)
    for k in range(2):
        a[:] = b + b_read0 * k
