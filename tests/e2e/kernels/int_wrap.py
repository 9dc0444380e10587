"""Fixed-width integer arithmetic wraps like NumPy's, and Python ints are weak (NEP 50):
`a + 1` on int8 stays int8, and so does `a + n` for an `int` argument n."""
import numpy as np


# npc export int_wrap(int8[:], uint8[:], int)
def int_wrap(a, b, n):
    inc = a + 1
    square = a * a
    neg = -a
    up = b + 200
    down = b - 1
    mixed = a + b
    return inc, square, neg, up, down, mixed, a + n, b * n
