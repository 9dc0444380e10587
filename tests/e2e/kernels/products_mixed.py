"""NEP 50 promotion of dot/matmul operands and operands with fixed extents."""
import numpy as np


# npc export products_mixed(int32[:,3], float32[3], float32[3,:])
def products_mixed(a, u, b):
    return a @ u, np.dot(u, b), np.matmul(a, b), u.dot(u), a @ b @ u
