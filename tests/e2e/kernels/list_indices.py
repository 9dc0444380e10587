import numpy as np

# Python lists as indices are integer (or boolean) arrays, as in NumPy: a row swap
# through lists, gathers, a mask of bools, an empty list, and a pair of lists.


# npc export list_indices(float64[:, :], float64[:], int64, int64)
def list_indices(M, x, k, p):
    M = M.copy()
    M[[k, p]] = M[[p, k]]
    y = x[[0, 2, -1]]
    z = x[[True, False, True, False]]
    w = x[[]]
    M[[0, 1], [1, 0]] += 10.0
    return M, y, z, w
