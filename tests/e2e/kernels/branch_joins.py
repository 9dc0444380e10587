"""A variable assigned joins of one shape in both branches (their lengths are the same
sums of extents, in any order): np.concatenate, np.vstack and a conditional expression."""
import numpy as np


# npc export f(float64[:, :], float64[:], bool)
def f(m, x, c):
    if c:
        r = np.concatenate((x, x))
        s = np.vstack((m, m[0]))
    else:
        r = np.concatenate((x * 2, x[::-1]))
        s = np.vstack((m, m[-1]))
    t = np.concatenate((x, x)) if c else np.concatenate((x[::-1], x))
    u = np.concatenate((x, m[0])) if c else np.concatenate((m[0], x))
    return r, s, t, u
