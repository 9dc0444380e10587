"""Loop nests over broadcast axes, whose indices the loop body does not read: a
whole-array sum of a broadcast view, an elementwise product with one, and a mask broadcast
over the rows (tests/e2e/test_nests.py; the CUDA output must also build warning-free)."""
import numpy as np


# npc export nests_broadcast(float64[:,:], float64[:])
def nests_broadcast(m, v):
    b = np.broadcast_to(v, m.shape)
    return (np.broadcast_to(v, (3, v.shape[0])).sum(), b * 2.0,
            m[np.broadcast_to(v > 0, m.shape)], b[:, None, :] + np.zeros((1, 2, 1)))
