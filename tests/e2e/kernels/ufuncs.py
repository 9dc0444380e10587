"""sqrt, abs, exp, log, minimum, maximum and unary minus, NaN and infinities included."""
import numpy as np


# npc export ufuncs(float32[:], float64[:])
def ufuncs(x, y):
    return (np.sqrt(x), np.abs(y), abs(x), np.exp(y), np.log(x), np.minimum(x, y),
            np.maximum(y, 0.0), -x, np.log(np.abs(y) + 1))
