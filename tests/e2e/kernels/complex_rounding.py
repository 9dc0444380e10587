"""np.rint, np.round and np.around of complex values: each part rounded half to even, as
NumPy's complex rint does."""
import numpy as np


# npc export complex_rounding(complex128[:], complex64[:])
def complex_rounding(z, w):
    return np.round(z), np.rint(w), np.around(z * 2), np.rint(w[::-1] + 1)
