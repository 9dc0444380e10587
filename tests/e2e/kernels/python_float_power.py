"""`**` of Python floats (and of a Python int to a float or a negative power) raises what
Python's float power raises, where it runs: ZeroDivisionError for zero to a negative
power, OverflowError for a power of finite operands beyond float64. A negative base to
a fractional power, a complex number in Python, raises an error saying so. A NumPy
scalar base gives NumPy's inf and NaN instead."""
import numpy as np


# npc export python_float_power(int, float, float, int, float64[:])
def python_float_power(mode, a, b, k, x):
    r = 0.0
    if mode == 0:
        r = a ** b
    elif mode == 1:
        r = k ** -1
    elif mode == 2:
        r = float(x[0] ** b)
    elif mode == 3:
        r = k ** b
    elif mode == 4:
        r = a ** 2 + a ** -3
    elif mode == 5:
        r = (a if k > 0 else 1.0) ** b
    elif mode == 6:
        r = a ** k if k < 0 else 1.0
    elif mode == 7:
        r = float(x.sum()) ** b
    return r
