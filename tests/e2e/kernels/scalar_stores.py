"""NumPy 2's setitem of scalars into integer arrays: a NumPy integer scalar stored through
basic indexing (an element, a slice, an element updated in place) into a signed dtype is
converted as a Python int, so one that does not fit raises OverflowError; into an unsigned
dtype, or through a boolean mask, it wraps as a cast does. A Python int (a loop counter)
must fit any integer dtype."""
import numpy as np


# npc export scalar_stores(int16[:], int)
def scalar_stores(y, n):
    s = np.zeros(4, np.int8)
    u = np.zeros(3, np.uint8)
    m = np.zeros(2, np.int8)
    s[0] = y[0]
    s[1:3] = y[1]
    s[3] += y[2]
    u[0] = y[3]
    u[u == 0] = y[4]
    m[m == 0] = y[5]
    for i in range(n):
        u[1] = i
    return s, u, m
