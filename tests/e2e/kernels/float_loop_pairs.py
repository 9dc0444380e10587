"""np.hypot and np.arctan2 of two integer dtypes: NumPy's float loop is the first both
inputs cast to safely (the float of the wider input), not the float of their promotion
(int16 and uint16 give float32, where their promotion int32 would give float64)."""
import numpy as np


# npc export float_loop_pairs(int16[:], uint16[:], int8[:], int32[:])
def float_loop_pairs(h, w, b, i):
    return (np.hypot(h, w), np.arctan2(h, w), np.hypot(b, w), np.arctan2(w, b),
            np.hypot(i, w), np.arctan2(h, 3), np.hypot(b, h))
