"""np.var / np.std and the methods: axis, keepdims, ddof, dtype; float32 stays float32,
ints and bools give float64."""
import numpy as np


# npc export var_std(float64[:,:])
# npc export var_std(float32[:,:])
# npc export var_std(int16[:,:])
# npc export var_std(bool[:,:])
def var_std(x):
    return (np.var(x), np.std(x), np.var(x, axis=0), x.std(axis=-1, ddof=1),
            x.var(axis=(0, 1), keepdims=True), np.std(x, axis=1, keepdims=True, ddof=2),
            np.var(x, axis=0, dtype=np.float64), x.std(dtype=np.float32),
            np.std(x - x.mean(axis=0), axis=0))
