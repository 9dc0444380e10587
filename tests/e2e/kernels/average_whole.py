"""np.average with weights of the array's shape, and NumPy's TypeError for another."""
import numpy as np


# npc export weighted_whole(float64[:, :], float64[:, :])
def weighted_whole(m, w):
    return np.average(m, weights=w)
