"""`** 2` and `** 2.0` of a bool array are numpy.square in NumPy 2.2's ndarray.__pow__:
int8, where other exponents promote as power does (int64, float64)."""
import numpy as np


# npc export bool_squares(bool[:, :])
def bool_squares(b):
    return b ** 2, b ** 2.0, b ** 3, b ** 1.0, b[0, 0] ** 2, b.T ** 2 + 1
