"""Complex scalar arguments (`complex` is a weak Python complex, `complex64` a NumPy
scalar), complex loop variables and literals."""
import numpy as np


# npc export complex_scalar(complex128[:], complex, complex64, float64)
def complex_scalar(z, c, w, x):
    s = 0j
    for i in range(z.shape[0]):
        s += z[i] * c
    return s, z * c + x * 1j, (1 + 2j) * c, w * 2, 3j, -2.5j * w, abs(c), c.real
