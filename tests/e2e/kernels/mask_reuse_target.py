"""A store whose target reuses the mask its value counted (`x[keep] = v[keep] * 2`): the
mask's shape is still checked against the target's before any write."""
import numpy as np


# npc export mask_reuse_target(float64[:], float64[:], bool[:])
def mask_reuse_target(x, v, keep):
    x[keep] = v[keep] * 2
    return x
