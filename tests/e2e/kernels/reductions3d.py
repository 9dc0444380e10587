"""sum/prod/min/max over 3-D arrays: negative axes, axis tuples, axis=None and keepdims."""
import numpy as np


# npc export reductions3d(float64[:,:,:])
def reductions3d(x):
    s_last = x.sum(axis=-1)
    s_outer = np.sum(x, axis=(0, 2))
    s_all = np.sum(x, axis=None)
    p_mid = np.prod(x, axis=1, keepdims=True)
    mn = x.min(axis=(0, 1))
    mx = np.max(x, axis=-2, keepdims=True)
    am = np.amax(x, axis=(-1, 0), keepdims=True)
    return s_last, s_outer, s_all, p_mid, mn, mx, am
