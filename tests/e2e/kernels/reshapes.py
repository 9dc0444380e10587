"""Reshapes in C order: -1, tuple and varargs shapes, extents from `x.shape`, ravel and
flatten, of arguments, transposed views and computed values; a -1 inferred at run time
(checked: NumPy's ValueError when the size does not divide); an extent from an int
argument."""
import numpy as np


# npc export reshapes(float64[:,:], int64[:], float32[6], int)
def reshapes(x, v, s, k):
    n, m = x.shape
    return (x.reshape(-1), x.ravel(), np.ravel(x), x.flatten(), x.reshape(m, n),
            x.reshape((1, n, m)), np.reshape(x, (m, -1)), x.reshape(n * m), np.reshape(x, -1),
            x.T.reshape(-1), s.reshape(2, 3), s.reshape(3, -1), np.reshape(s, (-1, 2, 1)),
            s.reshape((3, 2)).T, v.reshape(-1, 2), (x + 1).reshape(-1)[::2],
            x.reshape(n, m, 1)[:, :, 0], x.reshape(n, 1, m, 1).sum(axis=2),
            np.reshape(x, shape=(m, n)) * 2, s.reshape(1, 6).ravel(), v.reshape(k, -1),
            s.reshape(k, 6 // k))
