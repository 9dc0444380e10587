"""np.arange with constant and run-time bounds, ints and floats, NumPy's length and values."""
import numpy as np


# npc export creation_ranges(int, float)
def creation_ranges(n, t):
    a = np.arange(5)
    b = np.arange(2, 11, 3)
    c = np.arange(10, 0, -3)
    d = np.arange(0.1, 1, 0.3)
    e = np.arange(n)
    f = np.arange(1, n, 2)
    g = np.arange(n, 0, -1)
    h = np.arange(0.0, t, 0.25)
    i = np.arange(5, dtype=np.float32)
    j = np.arange(0.5, 3, dtype=int)
    k = np.arange(1, 2, 0.1, dtype=np.float32)
    m = np.arange(-3, 3, dtype=np.int8) * 50
    p = np.arange(3, 1)
    return a, b, c, d, e, f, g, h, i, j, k, m, p
