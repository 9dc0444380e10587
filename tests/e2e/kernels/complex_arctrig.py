"""Inverse trigonometric functions of complex arrays (C's casin, cacos, catan): OpenMP
target only (the CUDA target rejects them: libcu++'s lose accuracy)."""
import numpy as np


# npc export complex_arctrig(complex128[:])
# npc export complex_arctrig(complex64[:])
def complex_arctrig(z):
    return np.arcsin(z), np.arccos(z), np.arctan(z)
