"""int(), math.floor, math.ceil and math.trunc of a float only the run time knows raise
Python's ValueError for NaN and OverflowError for an infinity, and OverflowError for a
value beyond int64 (npc's Python ints), as does int() of a uint64 scalar of 2**63 or
more: no wrapped or undefined value."""
import math

import numpy as np


# npc export python_int_conversions(int, float, float64[:], uint64[:], float32[:])
def python_int_conversions(mode, a, x, u, s):
    r = 0
    if mode == 0:
        r = int(a)
    elif mode == 1:
        r = math.floor(a)
    elif mode == 2:
        r = math.ceil(x.sum())
    elif mode == 3:
        r = int(u[0])
    elif mode == 4:
        r = int(s[0])
    elif mode == 5:
        r = math.trunc(a) + 1
    elif mode == 6:
        r = math.floor(u[0])
    return r
