"""Bitwise operators and ufuncs, shifts by any count (NumPy: >= width gives 0, or -1 for
a negative value shifted right), integer fmod/mod/floor_divide by zero, fmin/fmax."""
import numpy as np


# npc export bitwise(int8[:], int8[:])
# npc export bitwise(uint8[:], uint8[:])
# npc export bitwise(int32[:], int32[:])
# npc export bitwise(int64[:], int64[:])
def bitwise(a, b):
    return (a & b, a | b, a ^ b, a << b, a >> b, ~a, np.bitwise_and(a, 3),
            np.bitwise_or(a, b), np.bitwise_xor(a, b), np.left_shift(a, 1),
            np.right_shift(a, 2), np.invert(b), np.fmod(a, b), np.mod(a, b),
            np.floor_divide(a, b), np.fmin(a, b), np.fmax(a, b), np.logical_and(a, b),
            np.logical_xor(a, 0), a << 3 >> 1)
