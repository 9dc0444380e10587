"""np.nanargmin, np.nanargmax (axis, keepdims), np.nancumsum, np.nancumprod (axis, dtype),
np.nanvar and np.nanstd (axis, ddof, dtype, keepdims, correction) of float64 and float32
arrays with NaNs, and of integers (the plain functions)."""
import numpy as np


# npc export f(float64[:], float32[:, :], int16[:, :])
def f(x, m, i):
    return (np.nanargmin(x), np.nanargmax(m, axis=0), np.nanargmin(m, axis=1, keepdims=True),
            np.nanargmax(i), np.nancumsum(x), np.nancumprod(m, axis=1),
            np.nancumsum(m, dtype=np.float64), np.nancumsum(i, axis=0),
            np.nanvar(x), np.nanstd(m, axis=0), np.nanvar(m, axis=1, ddof=1, keepdims=True),
            np.nanstd(m, dtype=np.float64), np.nanvar(i, axis=1), np.nanstd(x, correction=1),
            np.nanvar(m, ddof=2.5), np.nanvar(m, axis=0, ddof=3))
