"""Inverse hyperbolic functions of complex arrays (C's casinh, cacosh, catanh): OpenMP
target only (the CUDA target rejects them, as it does arcsin: libcu++'s lose accuracy)."""
import numpy as np


# npc export complex_archyp(complex128[:])
# npc export complex_archyp(complex64[:])
def complex_archyp(z):
    return np.arcsinh(z), np.arccosh(z), np.arctanh(z)
