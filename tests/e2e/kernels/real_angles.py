"""np.angle and np.conj of real arrays, with NumPy's dtypes: np.angle is arctan2(0, x)
(float32 for int16, float64 for int64 and bool), np.conj of bool is int8."""
import numpy as np


# npc export real_angles(int16[:], int64[:], bool[:], float32[:])
def real_angles(a, b, m, x):
    return (np.angle(a), np.angle(b, deg=True), np.angle(m), np.angle(x), np.conj(m),
            np.conjugate(b))
