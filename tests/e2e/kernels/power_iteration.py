"""Names rebound in a loop or branch to values whose extents come from other arguments
(`v = A @ v`: A.shape[0] for v.shape[0]) keep their shape; the assignment checks at run
time that the extents agree, and raises NotImplementedError where NumPy's value would
change shape (A not square)."""
import numpy as np


# npc export power_iteration(float64[:, :], float64[:], int)
def power_iteration(A, v, steps):
    for _ in range(steps):
        v = A @ v
        v = v / np.linalg.norm(v)
    return v

