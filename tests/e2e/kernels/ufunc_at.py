import numpy as np


# npc export ufunc_at(float64[:], int64[:], float64[:], int8[:], float32[:,:], int32[:], bool[:])
def ufunc_at(a, idx, b, c, m, j, mask):
    s = a.copy()
    np.add.at(s, idx, b)  # a repeated index adds again (s[idx] += b would add once)
    np.subtract.at(s, [0, 0, -1], 1.5)  # a list, a negative index, a Python float
    p = a.copy()
    np.multiply.at(p, idx, 2)
    np.maximum.at(p, idx, b)  # NaN propagates
    np.negative.at(p, idx)  # unary: negated once per occurrence
    np.logaddexp.at(p, idx, b)
    np.degrees.at(s, idx)
    n = c.copy()
    np.add.at(n, j, 300)  # int8 + int64 (not weak) computed in int64, cast back wrapping
    np.bitwise_xor.at(n, j, c[0])
    g = m.copy()
    np.add.at(g, (j, 1), 0.1)  # rows j of column 1; float32 + float64 rounds once
    np.add.at(g, j, m[0])  # whole rows, b broadcast along them
    np.fmin.at(g[:, 2], j, -1.0)  # through a view
    h = a.copy()
    np.add.at(h, mask, 1)  # a boolean mask
    np.floor_divide.at(h, 0, 2.0)  # one element
    return s, p, n, g, h
