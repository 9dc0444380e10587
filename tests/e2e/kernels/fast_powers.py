"""`** 0.5` on float arrays is numpy.sqrt (ndarray.__pow__'s fast path), on scalars C's
pow; `**= 0.5` updates in place the same way."""
import numpy as np


# npc export fast_powers(float64[:], float32[:], float64)
def fast_powers(x, y, s):
    w = x.copy()
    w **= 0.5
    return x ** 0.5, y ** 0.5, s ** 0.5, x[0] ** 0.5, w, x ** 2, x ** -1
