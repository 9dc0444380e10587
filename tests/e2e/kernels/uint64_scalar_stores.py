"""NumPy 2 converts a uint64 scalar stored through basic indexing into a signed integer
array as a Python int: one of 2**63 or more raises CPython's OverflowError ("Python int too
large to convert to C long"), one that does not fit the dtype NumPy's ("Python integer
40000 out of bounds for int16"). Through a boolean mask it is cast (2**64 - 1 is -1)."""
import numpy as np


# npc export uint64_scalar_stores(uint64[:])
def uint64_scalar_stores(v):
    w = np.zeros(2, np.int64)
    s = np.zeros(4, np.int16)
    w[0] = v[0]
    s[0] = v[1]
    s[1:3] = v[2]
    s[s == 0] = v[3]
    w[w == 0] = v[3]
    return w, s
