"""Comparisons of dtypes and types, decided at compile time as NumPy decides them: a dtype
equals its scalar type, the builtin that maps to it and its name; types compare as classes
(np.float64 == float is False)."""
import numpy as np

# npc export f(float32[:], int64[:])
def f(x, n):
    if x.dtype == np.float32:
        y = x * 2
    else:
        y = x * 3
    return (y, x.dtype == np.float64, x.dtype != "float32", n.dtype == int, n.dtype == float,
            np.float32 == np.float32, np.float64 == float, x.dtype == n.dtype)
