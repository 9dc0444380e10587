"""A mask-and-reduce step: values below a floor are zeroed in place, then the mean of the
values above a threshold and how many there are."""
import numpy as np


# npc export clip_stats(float64[:], float64, float64)
def clip_stats(x, floor, threshold):
    x[x < floor] = 0.0
    above = x > threshold
    count = np.sum(above)
    total = np.sum(np.where(above, x, 0.0))
    mean = total / count if count > 0 else 0.0
    return x, count, mean
