"""astype, np.asarray with dtype=, np.copy, ndarray.copy and NumPy scalar types called on
arrays and scalars (unsafe casts: truncation, wraparound, truth values)."""
import numpy as np


# npc export conversions(float64[:], int32[:])
def conversions(x, y):
    a = x.astype(np.int32)
    b = y.astype(float)
    c = y.astype('uint8')
    d = x.astype(bool)
    e = np.asarray(y, dtype=np.int64)
    f = np.copy(x) * 2
    g = x.copy()
    h = np.float32(x)
    k = y.astype(np.int32)
    m = np.int8(y)
    p = np.float32(x[0]) * np.float32(3)
    q = x.astype(np.float32, copy=False) + np.uint16(7)
    r = np.bool_(x[0]) | x.astype(np.bool_)
    return a, b, c, d, e, f, g, h, k, m, p, q, r
