"""Boolean-mask reads: a 1-D result of data-dependent length (returned, reduced, averaged),
a mask over the leading axis of a 2-D array, and masks computed in the function."""
import numpy as np


# npc export mask_read(float64[:], float64[:,:], bool[:])
def mask_read(x, m, b):
    pos = x[x > 0]
    return (pos, x[x > 0].sum(), np.mean(x[b]), m[m > 0.5], m[m[:, 0] > 0],
            (x * 2)[b], pos.size, m[m[:, 0] > 0, 1:], pos * 2)
