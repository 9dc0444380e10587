"""np.eye and np.identity: constant and run-time sizes and diagonals, dtypes."""
import numpy as np


# npc export creation_eye(int)
def creation_eye(n):
    a = np.eye(3)
    b = np.eye(2, 4, k=1)
    c = np.eye(4, 3, k=-2, dtype=np.int8)
    d = np.eye(n)
    e = np.eye(n, 3, k=n - 2)
    f = np.identity(3, dtype=bool)
    g = np.identity(n) * 2 + np.eye(n, k=1)
    return a, b, c, d, e, f, g
