"""Python floats beyond float32's range meet float32 arrays: NumPy casts them to inf (the
C++ has to spell that infinity, not `inf.0f`)."""
import numpy as np


# npc export float32_inf_constants(float32[:], float32[:])
def float32_inf_constants(a, x):
    x *= 1e300
    return (a * 1e300, np.where(a > 0, a, 1e300), np.minimum(a, -1e39),
            np.full(3, 1e300, dtype=np.float32), a + np.float32(1e300))
