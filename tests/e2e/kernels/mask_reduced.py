"""Boolean masks that hold reductions (`x > np.mean(x)`): the mask is both counted and
compacted, and must say the same both times (npc computes it once)."""
import numpy as np


# npc export mask_reduced(float64[:], float64[:,:])
def mask_reduced(x, m):
    return (x[x > np.mean(x)], x[np.abs(x - x.mean()) <= x.std()], m[m.sum(axis=1) > 0],
            np.sum(x[x >= x.max()]))
