"""Arithmetic on Python int constants is folded as Python computes it, so NEP 50's range
check and np.clip's handling of out-of-range bounds see the value (2**8 - 1 is 255)."""
import numpy as np


# npc export folded_ints(int8[:])
def folded_ints(a):
    return (np.clip(a, 0, 2**8 - 1), a + (2**6 - 1) * 2, a // (7 // -2) + 3 % -2,
            a - (-2) ** 3, a * (1 ** 100 + (-1) ** 7))
