"""float32 sums and means over long axes (npc accumulates them in float64)."""
import numpy as np


# npc export f32_sum(float32[:,:])
def f32_sum(x):
    return np.sum(x), x.sum(axis=1), np.mean(x), x.mean(axis=0), np.sum(x, axis=0)
