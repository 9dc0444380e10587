"""Python ints only the run time knows (computed from an `int` argument, len(), a loop
counter) meeting an integer array must fit its dtype, as NEP 50 specifies: NumPy 2
raises OverflowError ("Python integer 128 out of bounds for int8") where the operation
runs, for in-place updates too."""
import numpy as np


# npc export computed_python_ints(int8[:], uint8[:], uint64[:], int, int, int, int, int)
def computed_python_ints(a, u, w, k0, k1, k2, k3, k4):
    r0 = a + (k0 + 1)
    r1 = np.maximum(a, k1 * 2)
    r2 = u - len(a) * k2
    r3 = w + (k3 - 1)
    c = u.copy()
    for i in range(k4):
        c += i
    return r0, r1, r2, r3, c
