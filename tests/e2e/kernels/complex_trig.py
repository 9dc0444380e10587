"""Trigonometric and hyperbolic functions and log10 of complex arrays (C's csin, ...)."""
import numpy as np


# npc export complex_trig(complex128[:])
# npc export complex_trig(complex64[:])
def complex_trig(z):
    return (np.sin(z), np.cos(z), np.tan(z), np.sinh(z), np.cosh(z), np.tanh(z),
            np.log10(z))
