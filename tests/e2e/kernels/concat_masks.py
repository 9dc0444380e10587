"""np.concatenate of parts whose lengths only the run time knows (masked arrays): the
generated code builds with -Werror (the last part's end offset was an unused variable)."""
import numpy as np


# npc export concat_masks(float64[:], float64[:], bool[:])
def concat_masks(x, v, keep):
    return np.concatenate((x[keep], v[~keep])), np.concatenate((x[keep], x[keep] * 2, v))
