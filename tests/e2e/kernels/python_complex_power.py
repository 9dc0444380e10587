"""`**` of Python complex numbers raises Python's ZeroDivisionError for zero to a power
with a negative real part or a nonzero imaginary part, and OverflowError where a part of
the power is infinite, where it runs."""
import numpy as np


# npc export python_complex_power(float, float, int, float)
def python_complex_power(a, b, n, y):
    z = a + b * 1j
    return z ** n, z ** y, z ** (y * 1j), 2.0 ** (z - 1)
