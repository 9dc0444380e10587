"""np.power of Python ints computes in int64 as NumPy does: a negative exponent raises
NumPy's ValueError (the `**` operator on Python ints gives a float instead)."""
import numpy as np


# npc export ufunc_int_power(int)
def ufunc_int_power(k):
    return np.power(k, -2)
