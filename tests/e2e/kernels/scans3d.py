"""np.cumsum / np.cumprod of a 3-D array along its middle and outer axes and flattened."""
import numpy as np


# npc export scans3d(float64[:,:,:])
# npc export scans3d(int64[:,:,:])
def scans3d(x):
    return np.cumsum(x, axis=1), np.cumprod(x, axis=0), np.cumsum(x), x.cumsum(axis=-1)
