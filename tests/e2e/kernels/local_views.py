"""Names and views of a local array npc has not stored in memory yet (np.zeros(n),
x.copy(), x * 2): in Python they are one array, so a write through any of them is seen
by all (an alias, a slice, a reshape, a transpose, a helper's view of its argument),
also when the write happens in a branch, a loop or a helper with an early return."""
import numpy as np


def bump_tail(a):
    v = a[1:]
    v += 1.0


def bump_tail_unless(a, skip):
    if skip:
        return 0.0
    v = a[1:]
    v += 1.0
    return 1.0


# npc export local_views(float64[:], int, bool)
def local_views(x, n, flag):
    c = np.zeros(n)
    d = c
    d[0] = 4.0
    a = x.copy()
    b = a
    a += 1
    y = np.zeros(n)
    v = y[1:]
    v += 1.0
    u = y[:2]
    u[0] = 9.0
    w = np.zeros(n)
    s = w[1:3]
    w[1] = 100.0
    e = c.reshape(n, 1)
    c[1] = 7.0
    m = x[:, None] * np.ones(2)
    t = m.T
    m[0, 1] = 5.0
    z = x * 2
    bump_tail(z)
    q = x * 3
    r = bump_tail_unless(q, flag)
    g = x * 4
    if flag:
        k = g[1:]
        k += 1.0
    h = x * 5
    for i in range(n):
        row = h[i:]
        row[0] -= 1.0
    f0 = np.zeros(n)
    if flag:
        tail = f0[1:]
        tail += 1
    return c, b, y, s.sum(), e, t, z, q, r, g, h, f0
