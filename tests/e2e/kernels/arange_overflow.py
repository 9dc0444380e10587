"""np.arange with an integer dtype and constant start and step, the length known at run
time only: NumPy raises OverflowError when an element it makes from start (the first) or
start + step (the second) does not fit the dtype, and wraps the others."""
import numpy as np


# npc export arange_overflow(int, int, int, int)
def arange_overflow(a, b, c, d):
    return (np.arange(-5, a, 2, dtype=np.uint8), np.arange(250, 250 + b, dtype=np.uint8),
            np.arange(0, -c, -1, dtype=np.uint8), np.arange(-2.5, d - 3, dtype=np.uint8))
