import numpy as np


# npc export pad_values(int8[:], uint8[:], int64, float64)
def pad_values(k, u, c, f):
    # constant_values converted as NumPy's setitem converts what np.pad hands it: a NumPy
    # scalar through int() into a signed array (OverflowError when it does not fit),
    # unsafely into an unsigned one; Python numbers (the per-axis form) through int().
    a = np.pad(k, 1, constant_values=c)
    b = np.pad(u, 1, constant_values=c)
    d = np.pad(u.reshape(1, -1), 1, constant_values=((1, 2), (3, c)))
    g = np.pad(u, 1, constant_values=f)
    h = np.pad(k, 1, constant_values=f)
    e = np.pad(k, (0, 0))  # nothing to pad: still a new array
    e[0] = 5
    return a, b, d, g, h, e
