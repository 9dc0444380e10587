"""np.dot, np.matmul, `@` and ndarray.dot on 1-D and 2-D operands: a (n, k), b (k, m),
u (k), v (m)."""
import numpy as np


# npc export products(float64[:,:], float64[:,:], float64[:], float64[:])
# npc export products(float32[:,:], float32[:,:], float32[:], float32[:])
# npc export products(int8[:,:], int8[:,:], int8[:], int8[:])
# npc export products(bool[:,:], bool[:,:], bool[:], bool[:])
def products(a, b, u, v):
    return (np.dot(a, b), a @ b, np.matmul(a, u), u @ b, u @ u, a.dot(u), b.dot(v),
            np.dot(u, b), (a @ b) @ v, np.dot(u, u), np.dot(2, u), a @ b + 1)
