"""`**` on ints (exact, wrapping) and on floats, with array and literal exponents."""
import numpy as np


# npc export powers(int64[:], int64[:], float64[:])
def powers(a, n, x):
    return a ** n, a ** 2, x ** 2, x ** 0.5, x ** n, 2 ** n
