"""np.copyto (a broadcast source, a Python number, where=, casting='unsafe', into a view)
and np.fill_diagonal (square, tall with and without wrap, wide, 3-D, a list of values
repeated along the diagonal, a view) as statements, on arguments and local arrays."""
import numpy as np


# npc export f(float64[:, :], float32[:], int8[:, :], bool[:], float64[:, :, :])
def f(m, v, k, mask, c):
    d = np.zeros((m.shape[0], m.shape[1]))
    np.copyto(d, m)
    np.copyto(d[0], 2.5)
    e = np.ones_like(v)
    np.copyto(e, v * 2, where=mask)
    np.copyto(k, m, casting="unsafe")
    s = np.zeros((4, 4), np.int32)
    np.fill_diagonal(s, 7)
    t = np.zeros((5, 3))
    np.fill_diagonal(t, [1.5, -2.0])
    w = np.zeros((5, 3))
    np.fill_diagonal(w, 9, wrap=True)
    wide = np.zeros((2, 4))
    np.fill_diagonal(wide, np.arange(3.0) + 1)
    np.fill_diagonal(m, -1)
    np.fill_diagonal(c, 4.0)
    sub = np.zeros((4, 4))
    np.fill_diagonal(sub[1:, :3], 5)
    q = np.ones((3, 3), np.float32)
    np.fill_diagonal(q, v)  # v repeated, or nothing written for an empty v
    return d, e, k, s, t, w, wide, m, c, sub, q
