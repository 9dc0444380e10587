"""min/max propagate NaN; argmin/argmax return the first NaN, else the first of ties."""
import numpy as np


# npc export nan_extrema(float64[:,:])
# npc export nan_extrema(float32[:,:])
def nan_extrema(x):
    return (np.min(x, axis=1), np.max(x, axis=0), np.argmin(x, axis=1),
            np.argmax(x, axis=0), np.amin(x), np.amax(x), x.argmin(), x.argmax(axis=-1))
