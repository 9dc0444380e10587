"""z.real and z.imag as values where NumPy's views behave the same: copied before an
update of z, reduced before one, and taken of a temporary (a view of nothing named)."""
import numpy as np


# npc export complex_parts(complex128[:])
def complex_parts(z):
    q = z.real.copy()
    z[0] = 1.0
    s = np.imag(z).sum()
    z[1] = 2.0
    w = (z * 2).real
    w[0] = 3.0
    return q, s, w
