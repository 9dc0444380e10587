import numpy as np


def clear(x):
    x.fill(0)


# npc export sort_fill(float64[:,:], int8[:], float64[:])
def sort_fill(m, c, v):
    s = m.copy()
    s.sort()  # along the last axis
    t = m.copy()
    t.sort(axis=0, kind="stable")
    t[1:].sort(axis=1)  # a view
    c.sort()  # the caller's array
    w = v.copy()
    w[::2].fill(np.nan)
    w.sort()  # NaNs last
    u = np.empty(3, dtype=np.int8)
    u.fill(7.9)  # truncated, as a[...] = 7.9
    clear(m[0])
    r = np.zeros(4)
    for k in range(3):
        r.fill(k)
        r[k] = -1.0
        r.sort()
    return s, t, w, u, r
