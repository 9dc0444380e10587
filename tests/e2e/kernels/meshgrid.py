import numpy as np


# npc export grids(float64[:], int32[:], float32[:,:])
def grids(x, y, m):
    X, Y = np.meshgrid(x, y)  # 'xy': shape (len(y), len(x))
    I, J = np.meshgrid(x, y, indexing="ij")
    S, T = np.meshgrid(x, y, sparse=True)
    A, B, C = np.meshgrid(x, y, m, indexing="xy")  # m raveled; axes 0 and 1 swapped
    (P,) = np.meshgrid(y)
    X[0] = -1.0  # a copy: x is unchanged
    r = np.hypot(X, Y)
    return X, Y, I, J, S, T, A, B, C, P, r, x
