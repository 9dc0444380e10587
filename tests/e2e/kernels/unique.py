import numpy as np


# npc export unique(float64[:], int32[:,:], bool[:], float32[:,:])
def unique(x, k, p, m):
    u1 = np.unique(x)  # NaNs last, collapsed into one
    u2, c2 = np.unique(k, return_counts=True)  # the flattened array
    u3, i3, c3 = np.unique(x, return_index=True, return_counts=True)
    u4 = np.unique(x, equal_nan=False)  # every NaN kept
    u5 = np.unique(p)
    n1, n2 = np.nonzero(k)  # per axis, in C order
    (n3,) = p.nonzero()
    f = np.flatnonzero(m > 0)
    w = np.argwhere(k)  # (count, 2)
    total = u1.sum() + len(u2)  # results used further
    g = k[np.nonzero(k > 0)]  # a tuple of index arrays as the index
    where = np.nonzero(m)
    h = m[where] * 2
    return u1, u2, c2, u3, i3, c3, u4, u5, n1, n2, n3, f, w, total, g, h
