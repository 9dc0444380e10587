"""Sums over no axes (of a 0-d value, or with axis=()) start from NumPy's 0.0, so -0.0
sums to 0.0 (np.sum(np.float64(-0.0)) is 0.0); products keep the element's sign."""
import numpy as np


# npc export empty_axes_sums(float64[:], float32[:], complex128[:])
def empty_axes_sums(x, y, z):
    return (np.sum(x, axis=()), np.sum(x[0]), np.mean(x[0]), x[1].sum(), np.sum(y[0]),
            np.sum(z, axis=()), np.prod(x[0]), np.sum(x[0], keepdims=True))
