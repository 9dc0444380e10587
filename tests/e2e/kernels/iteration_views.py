"""Loop targets that are views: rows from enumerate and zip written through (`r += i`),
rows read after their array changed, tuple assignment of a row (`i, r = k, m[k]`), and a
transposed view read in a loop that writes its array."""
import numpy as np


# npc export iteration_views(float64[:, :])
def iteration_views(m):
    for i, r in enumerate(m):
        r += i
    for r in m:
        r *= 2
    t = 0.0
    for i, r in enumerate(m):
        m[i, 0] = 100.0
        t += r[0]
    for a, b in zip(m, m[::-1]):
        a[1] += b[0]
    for k in range(m.shape[0]):
        i, r = k, m[k]
        r -= i
    mt = m.T
    s = 0.0
    for k in range(3):
        m[0, 1] += 1.0
        s += mt[1, 0]
    return m.sum(), t, s, m
