"""Reductions of complex arrays: sum (whole array: a parallel reduction), prod, mean
(complex), var and std (float), cumsum, norm; real-valued helpers of complex values."""
import numpy as np


# npc export complex_reduce(complex128[:,:])
# npc export complex_reduce(complex64[:,:])
def complex_reduce(z):
    return (np.sum(z), z.sum(axis=0), np.prod(z[:, :4], axis=1), np.mean(z),
            z.mean(axis=1), np.var(z), np.std(z, axis=0), np.cumsum(z[:3]),
            np.linalg.norm(z), np.linalg.norm(z, axis=1), np.prod(z[:2, :3]),
            np.real(z).sum())
