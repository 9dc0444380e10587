"""np.split / np.array_split (sections of an extent known only at run time, a list of
indices: negative, beyond the end, run-time), np.hsplit, np.vsplit, np.dsplit and np.rot90
(k of either sign, other axes), each part used in arithmetic."""
import numpy as np


# npc export f(float64[:], float32[:, :], int32[:, :, :], int64)
def f(x, m, t, k):
    a, b, c = np.array_split(x, 3)
    p, q = np.split(m, 2, axis=1)
    u, v, w, z = np.split(x, [2, -1, k])
    h = np.hsplit(m, [1])
    g = np.vsplit(t, 1)
    d1, d2 = np.dsplit(t, [3])
    return (a, b * 2, c, p - q, u, v, w, z, h[0], h[1], g[0], d1, d2,
            np.rot90(m), np.rot90(m, 2), np.rot90(m, -1), np.rot90(t, 1, axes=(2, 0)),
            np.rot90(t, 7, (-1, 1)), np.rot90(m, 4))
