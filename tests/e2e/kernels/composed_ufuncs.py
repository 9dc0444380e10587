"""np.cbrt, np.signbit, np.copysign, np.logaddexp, np.logaddexp2, np.heaviside: NumPy's
float loops (int16 with uint16 computes in float32, int64 in float64), Python numbers."""
import numpy as np


# npc export f(float64[:], float64[:], float32[:], int16[:], uint16[:], int64[:], bool[:])
def f(x, y, s, i, u, n, b):
    return (np.cbrt(x), np.cbrt(s), np.cbrt(i), np.signbit(x), np.signbit(s), np.signbit(i),
            np.signbit(u), np.signbit(b), np.copysign(x, y), np.copysign(s, -1),
            np.copysign(i, u), np.copysign(2, y), np.logaddexp(x, y),
            np.logaddexp(s, s[::-1]), np.logaddexp(i, u), np.logaddexp(x, 0.5),
            np.logaddexp2(x, y), np.logaddexp2(s, 1), np.logaddexp2(n, n[::-1]),
            np.heaviside(x, y), np.heaviside(s, 0.5), np.heaviside(n, 1))
