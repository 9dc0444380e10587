"""Unsigned NumPy integer scalars stored through basic indexing into a narrower signed
array: converted as Python ints (OverflowError above the dtype's maximum); the generated
check tests only the side a uint8 can exceed (g++ -Werror=type-limits)."""
import numpy as np


# npc export unsigned_scalar_stores(uint8[:], uint16[:], int)
def unsigned_scalar_stores(u, w, n):
    s = np.zeros(3, np.int8)
    s[0] = u[0]
    s[1] = np.uint8(n)
    s[2:] = w[0]
    return s
