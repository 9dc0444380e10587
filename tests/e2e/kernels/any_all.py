"""np.any / np.all and the methods: axis int, negative, tuple, None, keepdims; NaN is true."""
import numpy as np


# npc export any_all(float64[:,:,:])
# npc export any_all(int32[:,:,:])
# npc export any_all(bool[:,:,:])
def any_all(x):
    return (np.any(x), np.all(x), np.any(x, axis=0), np.all(x, axis=-1),
            x.any(axis=(0, 2)), x.all(axis=(1,), keepdims=True),
            np.any(x, axis=None, keepdims=True), x.all(), np.all(x > 0, axis=1))
