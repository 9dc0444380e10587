"""np.cumsum / np.cumprod and the methods: axis None (flattened, C order), 0, -1, dtype,
scans used inside larger expressions, and scans of 0-d values along axis 0 or -1 (NumPy
scans them as 1-D arrays)."""
import numpy as np


# npc export scans(float64[:,:])
# npc export scans(float32[:,:])
# npc export scans(int8[:,:])
# npc export scans(bool[:,:])
def scans(x):
    return (np.cumsum(x), np.cumsum(x, axis=0), x.cumsum(axis=-1), np.cumprod(x, axis=1),
            x.cumprod(), np.cumsum(x * 2, axis=0, dtype=np.float32), np.cumsum(x[0]),
            np.cumsum(x, axis=0)[1:] - 1, np.cumsum(x, axis=1).sum(axis=0),
            np.cumsum(x[0, 0], axis=0), x.sum().cumprod(axis=-1))
