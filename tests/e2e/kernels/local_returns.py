"""Helpers with several returns (inlined): early returns from branches and out of the
helper's loops (never out of the caller's), results promoted over every return, tuple
returns, and a helper that returns early after an in-place update; the result of a helper whose
returns all give new arrays, updated in place by the caller."""
import numpy as np


def signed(x):
    if x.sum() > 0:
        return x * 2
    return -x


def find_first(a, t):
    for i in range(a.shape[0]):
        if a[i] > t:
            return i
    return -1


def find_2d(m, t):
    for i in range(m.shape[0]):
        for j in range(m.shape[1]):
            if m[i, j] > t:
                return i, j  # out of both loops
    return -1, -1


def split_sign(x):
    s = x.sum()
    if s < 0:
        return -x, -s
    return x, s


def classify(v):
    if v < -1.0:
        return 0
    elif v < 1.0:
        return 1
    else:
        return 2


def halvings(v):
    n = 0
    while abs(v) > 1.0:
        v = v / 2
        n += 1
        if n >= 3:
            return -n
    return n


def floor_at(m, lo):
    mean = m.mean()
    if mean < lo:
        return mean - mean + lo  # the same dtype on both paths, as in NumPy
    return mean


def zero_first_negative(a):
    for i in range(a.shape[0]):
        if a[i] < 0:
            a[i] = 0.0
            return


def shifted(x, s):
    y = x * 2.0
    if s > 0:
        return y  # a new array on every path: the caller may update it in place
    return y - s


# npc export local_returns(float64[:], float64[:,:])
# npc export local_returns(float32[:], float32[:,:])
def local_returns(x, m):
    a = signed(x)
    b = signed(-x)
    first = find_first(x, 0.5)
    total = 0
    for k in range(4):  # the helper's return leaves its own loop only
        total += find_first(x, k * 0.5)
    i, j = find_2d(m, 1.0)
    y, s = split_sign(x)
    counts = np.zeros(3, dtype=np.int64)
    for k in range(x.shape[0]):
        counts[classify(x[k] * 2)] += 1
    h = halvings(x[0] * 10) + halvings(m[0, 0])
    f = floor_at(m, 0.0)
    u = x.copy()
    before = u + 1.0
    zero_first_negative(u)
    z = shifted(x, s)
    z[0] = 5.0
    return a, b, first, total, i, j, y, s, counts, h, f, before, u, z
