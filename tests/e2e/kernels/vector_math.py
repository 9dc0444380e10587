"""np.exp np.log np.sin np.cos over whole arrays: loops that g++ vectorizes."""
import numpy as np


# npc export vector_math(float64[:])
# npc export vector_math(float32[:])
def vector_math(x):
    return np.exp(x), np.log(x), np.sin(x), np.cos(x), np.exp(x - np.max(x[x < 1e30]))
