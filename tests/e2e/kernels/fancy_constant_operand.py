"""Integer-array indexing of arrays whose elements do not depend on the index: fills,
broadcast axes and a new axis. NumPy checks every index all the same."""
import numpy as np


# npc export fancy_constant_operand(int64[:], float64[:], int)
def fancy_constant_operand(idx, v, n):
    z = np.zeros(n)
    b = np.broadcast_to(v, (n, v.shape[0]))
    return z[idx], np.full((n, 2), 1.5)[idx, 1], b[idx, 0], v[:, None][0, idx % 1 - 1], b[idx].sum()
