"""Floored float // and % with negative operands, zero divisors, infinities and NaN."""
import numpy as np


# npc export float_divmod(float64[:], float64[:])
# npc export float_divmod(float32[:], float32[:])
def float_divmod(x, y):
    return x // y, x % y, x % 2.5, x // -2
