"""A variable shrinking in an outer loop and updated element by element in an inner one;
a view of an argument kept while the name it was taken from gets new arrays; a dtype that
changes with the shape (int64 arange, then float64 halves)."""
import numpy as np


# npc export f(float64[:], int64)
def f(x, n):
    t = 0.0
    y = x
    v = x[:1]
    for i in range(n):
        v = y[1:]
        y = y[:-1] * 3.0
    for i in range(n):
        x = x[1:] + x[:-1]
        for j in range(x.shape[0]):
            x[j] *= 0.5
            t += x[j]
    z = np.arange(x.shape[0] + 4)
    for i in range(3):
        z = z[1:] / 2
    return x, t, v, y, z
