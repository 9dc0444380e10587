"""In-place updates: augmented assignment on arrays, slices and elements, slice
assignment with broadcasting, overlapping slices, boolean-mask assignment, and writes
into an argument visible to the caller (the argument is returned too)."""
import numpy as np


# npc export inplace(float64[:,:], float64[:], int64[:])
def inplace(m, v, k):
    a = m * 2.0
    a += v                    # broadcast along rows
    a[0] = 7.5                # a row from a scalar
    a[1:, 0] -= v[0]          # a column of a view
    a[-1] *= 3                # the last row
    b = v * 1.0
    b[1:] = b[:-1]            # overlap: the right side is read first
    b[b > 0.5] = 0.0          # mask assignment
    k //= 2                   # the caller's int array, in place (floored)
    k[0] = 99
    m[:, -1] = v[0]           # the caller's float array
    s = 0.0
    s += a[0, 0]
    return a, b, k, m, s
