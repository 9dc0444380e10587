"""Euclidean distances between every point of X and every point of Y."""
import numpy as np


# npc export pairwise(float64[:,:], float64[:,:])
# npc export pairwise(float32[:,:], float32[:,:])
def pairwise(X, Y):
    diff = X[:, None, :] - Y[None, :, :]
    return np.sqrt(np.sum(diff * diff, axis=-1))
