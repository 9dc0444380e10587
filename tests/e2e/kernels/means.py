"""mean: float64 for ints, float32 for float32, with axis, negative axis, keepdims."""
import numpy as np


# npc export means(int32[:,:])
# npc export means(uint8[:,:])
# npc export means(int64[:,:])
# npc export means(float32[:,:])
# npc export means(float64[:,:])
def means(x):
    return np.mean(x, axis=0), x.mean(), x.mean(axis=-1, keepdims=True), np.mean(x, axis=(0, 1))
