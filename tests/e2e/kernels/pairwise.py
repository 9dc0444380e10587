"""Pairwise Euclidean distances between the rows of two matrices."""
import numpy as np


# npc export pairwise(float64[:,:], float64[:,:])
def pairwise(a, b):
    diff = a[:, None, :] - b[None, :, :]
    return np.sqrt((diff ** 2).sum(axis=-1))
