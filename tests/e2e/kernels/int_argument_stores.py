"""Python `int` arguments stored into integer arrays: NumPy 2 raises OverflowError when
one does not fit the array's dtype, where the store runs (not when it is skipped); Python
ints stored into or converted to bool arrays are their truthiness. The same holds for an
int argument in arithmetic with an int8 array (NEP 50) in a branch."""
import numpy as np


# npc export int_argument_stores(int, bool)
def int_argument_stores(n, store):
    u = np.zeros(3, np.uint8)
    s = np.zeros(2, np.int8)
    w = np.zeros(2, np.uint64)
    b = np.zeros(3, np.bool_)
    r = s * 2
    if store:
        r = r + n
        u[0] = n
        u[u == 0] = n
        s[:] = n
        w[1] = n
    for i in range(2):
        b[i] = n + i
    b[2] = 5
    return u, s, w, b, r, np.array([5, 0, n], dtype=np.bool_), np.bool_(7)
