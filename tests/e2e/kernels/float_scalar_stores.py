"""NumPy 2 converts float scalars stored into integer arrays through Python's int() in
some places and casts them in others. A Python float (an argument, a value computed from
one) stored into any integer array, or given to an integer scalar type or to np.array with
an integer dtype, goes through int(): NaN raises ValueError, infinities and values that do
not fit raise OverflowError. A NumPy float scalar stored through basic indexing (an
element, a slice, an element updated in place) into a signed integer dtype does too; into
an unsigned dtype, or through a boolean mask, it is cast."""
import numpy as np


# npc export float_scalar_stores(float64[:], float32[:], float, int, int)
def float_scalar_stores(y, z, x, n, mode):
    s = np.zeros(3, np.int8)
    w = np.zeros(2, np.int64)
    q = np.zeros(2, np.uint64)
    u = np.zeros(3, np.uint8)
    h = np.zeros(2, np.int16)
    if mode == 0:
        s[0] = x
        w[0] = x
        q[0] = x
    elif mode == 1:
        u[0] = x * 2.0
        u[u == 0] = x
    elif mode == 2:
        s[0] = y[0]
        s[1:] = y[1]
        s[0] += y[2]
    elif mode == 3:
        h[0] = z[0]
        w[1] = y[0]
    elif mode == 4:
        u[0] = y[0]
        s[s == 0] = y[1]
        q[1] = y[2]
    else:
        h = np.array([n + 1, x], dtype=np.int16)
        s[2] = np.int8(x)
    return s, w, q, u, h
