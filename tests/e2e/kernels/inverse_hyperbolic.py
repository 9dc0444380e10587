"""np.arcsinh, np.arccosh, np.arctanh of floats (ints go through NumPy's float loops)."""
import numpy as np


# npc export inverse_hyperbolic(float64[:], int16[:])
# npc export inverse_hyperbolic(float32[:], int16[:])
def inverse_hyperbolic(x, k):
    return np.arcsinh(x), np.arccosh(x), np.arctanh(x), np.arcsinh(k), np.arccosh(k)
