"""Floored integer // and % (Python's rules) for negative operands; x // 0 and x % 0 are 0
like NumPy. Two overloads: int32 and int64."""
import numpy as np


# npc export int_divmod(int32[:], int32[:])
# npc export int_divmod(int64[:], int64[:])
def int_divmod(a, b):
    return a // b, a % b, a // 3, -7 % b
