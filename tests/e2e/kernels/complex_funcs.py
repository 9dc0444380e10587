"""Unary functions of complex arrays: absolute (float results), real/imag (functions and
attributes), conjugate, angle, exp, sqrt, log, square, negative, isnan/isinf/isfinite."""
import numpy as np


# npc export complex_funcs(complex128[:])
# npc export complex_funcs(complex64[:])
def complex_funcs(z):
    return (np.abs(z), np.absolute(z), abs(z), np.real(z), np.imag(z), z.real, z.imag,
            np.conj(z), np.conjugate(z), z.conj(), np.angle(z), np.angle(z, deg=True),
            np.exp(z), np.sqrt(z), np.log(z), np.square(z), np.negative(z), np.isnan(z),
            np.isinf(z), np.isfinite(z), np.logical_not(z))
