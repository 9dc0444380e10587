"""True division of ints is float64 (also of int16 and uint8), including division by zero."""
import numpy as np


# npc export true_divide(int32[:], int32[:], int16[:], uint8[:])
def true_divide(a, b, c, d):
    return a / b, c / c, d / 2, a / 4.0
