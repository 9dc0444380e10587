import numpy as np


# npc export cross(float64[:,3], float64[3], float32[:,3], int64[:,3], uint8[3])
def cross(a, b, f, k, u):
    c1 = np.cross(a, b)  # 3-vectors, broadcast
    c2 = np.cross(a[:, :2], b[:2])  # 2-vectors: the z component
    c3 = np.cross(a[:, :2], b)  # a 2-vector and a 3-vector (missing z is 0)
    c4 = np.cross(a, b[:2])
    c5 = np.cross(a.T, b, axisa=0)  # vectors along axis 0 of a
    c6 = np.cross(a, a, axisc=0)  # results along axis 0
    c7 = np.cross(f, [1, 0, 0])  # float32 with a list (int64): float64
    c8 = np.cross(k, k[::-1])  # ints exact
    c9 = np.cross(u, u[::-1])  # uint8 wraps
    c10 = np.cross(a.T, a.T, axis=0)  # axis= sets all three
    return c1, c2, c3, c4, c5, c6, c7, c8, c9, c10
