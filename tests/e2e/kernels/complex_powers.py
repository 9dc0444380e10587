"""`** 0.5` on complex arrays is numpy.sqrt (ndarray.__pow__'s fast path)."""
import numpy as np


# npc export complex_powers(complex128[:], complex64[:])
def complex_powers(z, w):
    return z ** 0.5, w ** 0.5, z ** 2
