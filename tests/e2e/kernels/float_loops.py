"""NumPy's loop selection for float ufuncs on integers: int16/uint16 compute in float32,
int32/int64 in float64, also after promotion (int8 with int16 is int16)."""
import numpy as np


# npc export float_loops(int16[:], uint16[:], int32[:], int64[:], int8[:])
def float_loops(a, b, c, d, e):
    return (np.sin(a), np.log1p(b), np.tanh(c), np.exp2(d), np.arctan2(a, e), np.hypot(c, a),
            np.rint(a), np.arctan2(a, 2), np.hypot(a, 2.0))
