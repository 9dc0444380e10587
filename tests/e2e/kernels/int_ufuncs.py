"""abs/minimum/maximum/negation on ints: abs(int8 -128) wraps to -128, int8 with uint8 is
int16; sqrt of int16 is float32."""
import numpy as np


# npc export int_ufuncs(int8[:], uint8[:], int16[:])
def int_ufuncs(a, b, c):
    return np.abs(a), abs(a), np.minimum(a, b), np.maximum(a, 3), -b, np.sqrt(c), np.abs(c)
