"""np.indices (dense, sparse, run-time extents, dtype), np.tri, np.triu_indices,
np.tril_indices (k of either sign, m; the _from forms; negative sizes), np.kron (1-D, 2-D, mixed ranks,
a scalar, mixed dtypes) and np.dstack."""
import numpy as np


# npc export f(float64[:, :], int32[:], float32[:, :, :], int64)
def f(m, v, t, k):
    n, c = m.shape
    rows, cols = np.triu_indices(n, k)
    lr, lc = np.tril_indices(4, -1, 3)
    ur, uc = np.triu_indices_from(m)
    dr, dc = np.tril_indices_from(m, k=k)
    gy, gx = np.indices((2, c), sparse=True)
    nr, nc = np.triu_indices(k, 0, 2)  # a negative size is an empty range, as np.arange's
    return (np.indices((n, 3)), np.indices((2, c), dtype=np.int16), gy, gx,
            np.tri(n), np.tri(3, c, k, dtype=np.int32), np.tri(2, 5, -1, dtype=bool),
            np.tri(k), np.tri(2, -3), nr, nc,
            rows, cols, lr, lc, ur, uc, dr, dc, m[np.triu_indices(n, 1, c)],
            np.kron(v, v), np.kron(m, np.eye(2)), np.kron(v, m), np.kron(t, m),
            np.kron(2.5, v), np.kron(v, 3),
            np.dstack((m, m)), np.dstack([v, v, v]), np.dstack((t, t[:, :, :1])))
