"""In-place updates whose right side reads the target through the same subscript written
again (`a[i:] += a[i:] * 2.0`, run-time bounds in a loop too): element by element, no copy;
and overlapping or reversed views of the target, which NumPy reads before writing."""
import numpy as np


# npc export inplace_same_view(float64[:], float64[:,:], int)
def inplace_same_view(a, m, n):
    for i in range(n):
        a[i:] += a[i:] * 2.0
        a[i:] -= a[0] * 0.5  # an element of the target, read first
        m[i:, :i + 1] -= m[i:, :i + 1] * 0.5 + a[i]
    a[1:] = a[1:] + a[:-1]
    a[:-1] += a[1:]
    m[1:] += m[1:][::-1]
    m[:, ::2] *= m[:, ::2] + m[:, 1::2][:, :1]
    a[n:], k = a[n:] * 0.5, 1  # a tuple's value of the target's run-time extent
    return a, m, k
