"""Float binary ufuncs: arctan2 hypot fmin fmax mod fmod remainder floor_divide power
true_divide and logical_and/or/xor."""
import numpy as np


# npc export ufuncs_binary(float64[:], float64[:])
# npc export ufuncs_binary(float32[:], float32[:])
def ufuncs_binary(x, y):
    return (np.arctan2(x, y), np.hypot(x, y), np.fmin(x, y), np.fmax(x, y), np.mod(x, y),
            np.fmod(x, y), np.remainder(x, y), np.floor_divide(x, y), np.power(x, y),
            np.true_divide(x, y), np.logical_and(x, y), np.logical_or(x, y),
            np.logical_xor(x, y), np.fmod(x, 2.5), np.fmax(x, np.nan))
