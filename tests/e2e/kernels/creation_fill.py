"""np.zeros, np.ones, np.empty, np.full and their _like forms: shapes from constants,
extents and a scalar int argument; dtypes from dtype=, the fill value or the prototype."""
import numpy as np


# npc export creation_fill(float32[:, :], int)
def creation_fill(x, n):
    z = np.zeros(n)
    o = np.ones((n, 3), dtype=np.int32)
    e = np.empty((2, n), dtype=np.int16) * 0
    f = np.full((n, 2), 2.5)
    fi = np.full(n, 7)
    fb = np.full(3, True)
    fx = np.full((2, x.shape[1]), x[0, 0], dtype=np.float64)
    zl = np.zeros_like(x)
    ol = np.ones_like(x, dtype=np.uint8)
    el = np.empty_like(x, dtype=np.int64) * 0
    fl = np.full_like(x, 1.5)
    fs = np.full_like(x, 3, dtype=float, shape=(n, 2))
    z2 = np.zeros(n * 2, dtype='int8')
    z0 = np.zeros(())
    zx = np.zeros(x.shape) + x
    return z, o, e, f, fi, fb, fx, zl, ol, el, fl, fs, z2, z0, zx
