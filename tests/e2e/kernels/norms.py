"""np.linalg.norm along one axis of a 3-D array, float32 and float64."""
import numpy as np


# npc export norms(float64[:,:,:])
# npc export norms(float32[:,:,:])
def norms(x):
    return np.linalg.norm(x, axis=0), np.linalg.norm(x, axis=-1), np.linalg.norm(x, axis=1)
