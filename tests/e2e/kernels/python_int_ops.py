"""Python int constants: shifts fold as Python computes them (`>>` floors), intermediate
values may leave int64 (`2**63 - 1`), a Python int to a negative constant power is a
Python float (`k ** -1` is 0.25 for k = 4), and NumPy's ufuncs called on Python ints
compute in int64 (`np.add(2**62, 2**62)` wraps)."""
import numpy as np


# npc export python_int_ops(int8[:], int)
def python_int_ops(a, k):
    return (a + (1 << 5), a >> (130 >> 6), a + (-7 >> 1), a * (-1 << 2), -1 << 63,
            7 >> 64, k ** -1, 2 ** -2, a * k ** -2, (-3) ** -3, 2**63 - 1, -2**63,
            (1 << 63) - 1, -(-2**62 * 2) - 1, np.add(2**62, 2**62), np.left_shift(k, 2))
