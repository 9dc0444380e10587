import numpy as np


# npc export swaps(float64[:], float64[:, :], float64[:])
def swaps(x, m, z):
    # x[0] of a 1-D array is a NumPy scalar (a copy): later writes do not change it.
    t = x[0]
    x[0] = 5.0
    u = z[0]
    z[0:1] = -1.0
    # Every right-hand value is read before the first store.
    y = 7.0
    x[1], y = y, x[1]
    m[0, 0], m[1, 1] = m[1, 1], m[0, 0]
    m[:, 0], m[:, 1] = m[:, 1].copy(), m[:, 0].copy()
    # Bubble sort by swapping neighbours.
    for i in range(z.shape[0]):
        for j in range(z.shape[0] - 1 - i):
            if z[j] > z[j + 1]:
                z[j], z[j + 1] = z[j + 1], z[j]
    # A name bound to a scalar variable keeps its value when the variable is reassigned.
    s = 0.0
    for k in range(x.shape[0]):
        s = s + x[k]
    a = s
    s = 5.0
    return t, u, y, a, s
