"""Comparisons give bool arrays; sums of bools count in int64, their mean is float64."""
import numpy as np


# npc export bool_count(float64[:,:], float)
def bool_count(x, t):
    above = x > t
    return (above, np.sum(above, axis=0), (x == x).sum(), (x <= t).mean(axis=1),
            x != t, x >= 0.5, x < -t)
