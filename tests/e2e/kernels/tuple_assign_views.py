"""Tuple assignments whose values read a name they assign (`i, r = i + 1, m[i]`): r is the
row at the old i, a view written through, in loops and branches; a double-buffer swap
with a view made inside the loop body (`inner = v[1:-1]`) that is not used after it."""
import numpy as np


# npc export tuple_assign_views(float64[:, :], bool, float64[:], int)
def tuple_assign_views(m, c, x, n):
    i = 0
    for _ in range(m.shape[0]):
        i, r = i + 1, m[i]
        r += i
    j = 0
    if c:
        j, s = j + 1, m[j]
        s += 5
    u = x.copy()
    v = np.zeros_like(x)
    for t in range(n):
        inner = v[1:-1]
        inner[:] = 0.5 * (u[:-2] + u[2:])
        u, v = v, u
    return m, u
