"""Column standardisation without np.std: centre, then divide by the RMS deviation."""
import numpy as np


# npc export standardize(float64[:,:])
def standardize(x):
    centred = x - x.mean(axis=0)
    scale = np.sqrt((centred * centred).mean(axis=0))
    return centred / scale
