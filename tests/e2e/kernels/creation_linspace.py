"""np.linspace: NumPy's formula, endpoint, run-time num and stop, integer dtypes."""
import numpy as np


# npc export creation_linspace(float, int)
def creation_linspace(stop, n):
    a = np.linspace(0, 1, 5)
    b = np.linspace(-1.5, 2.5, 7, endpoint=False)
    c = np.linspace(2, 5, 1)
    d = np.linspace(0, 1, 0)
    e = np.linspace(0, stop, n)
    f = np.linspace(0, 10, 4, dtype=int)
    g = np.linspace(np.float32(0), 1, 11)
    h = np.linspace(1.0, stop, 50)
    k = np.linspace(5, -5, n, endpoint=False)
    m = np.linspace(0, 1e-320, 3)
    return a, b, c, d, e, f, g, h, k, m
