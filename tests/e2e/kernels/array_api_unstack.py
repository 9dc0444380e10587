"""np.unstack of a fixed extent (the tuple unpacked) and np.linalg.cross of 3-vectors
along the last axis and axis 0."""
import numpy as np


# npc export g(float64[:, 3], float32[2, :])
def g(v, w):
    p, q = np.unstack(w)
    c0, c1, c2 = np.unstack(v, axis=1)
    return np.linalg.cross(v, v[::-1]), p, q, c0 + c1 * c2, np.linalg.cross(v.T, v.T, axis=0)
