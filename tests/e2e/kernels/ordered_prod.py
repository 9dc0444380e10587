"""Float and complex products multiply in order, as NumPy's multiply.reduce: partial
products (per thread, lane or block) could overflow to inf and underflow to 0 separately."""
import numpy as np


# npc export ordered_prod(float64[:], float32[:,:], complex128[:], float64[:,:])
def ordered_prod(x, m, z, w):
    return (np.prod(x), m.prod(), np.prod(m, axis=1), z.prod(), np.prod(w, axis=0),
            x[::-1].prod(), np.prod(m, axis=(0, 1)))
