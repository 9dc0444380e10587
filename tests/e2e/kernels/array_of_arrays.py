"""np.array / np.asarray of arrays whose extents only the run time knows: stacked along a
new first axis, the extents checked to agree then (NumPy's ValueError otherwise)."""
import numpy as np


# npc export array_of_arrays(float64[:], float64[:], float64[:,:])
def array_of_arrays(a, b, m):
    return (np.array([a, b[:a.shape[0]]]), np.array([m, m * 2, [a, a]]),
            np.asarray((a, b), dtype=np.float32))
