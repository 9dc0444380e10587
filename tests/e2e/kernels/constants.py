"""np.pi, np.e, np.inf and np.nan are weak Python floats."""
import numpy as np


# npc export constants(float32[:], float64[:])
def constants(x, y):
    return x * np.pi, y + np.e, np.minimum(y, np.inf), np.maximum(x, -np.inf), y * np.nan, x + np.e
