"""np.frexp (float64, float32, int16 in float32, int64 and uint32 in float64; zeros of both
signs, subnormals, the largest floats, infinities, NaN) and np.ldexp (int64, int32, int8,
uint32 and bool exponents; Python numbers on either side; exponents far beyond the float
range; a Python int exponent only the run time knows, which must fit int32 beside a NumPy
value and need not beside a Python float), and ldexp(*frexp(x)) giving x back."""
import numpy as np


# npc export f(float64[:], float32[:], int16[:], int64[:], uint32[:], int32[:], int8[:], int)
def f(x, y, i, e, u, e32, s, k):
    mx, ex = np.frexp(x)
    my, ey = np.frexp(y)
    mi, ei = np.frexp(i)
    me, ee = np.frexp(e)
    mu, eu = np.frexp(u)
    return (mx, ex, my, ey, mi, ei, me, ee, mu, eu, np.ldexp(mx, ex), np.ldexp(my, ey),
            np.ldexp(x, e), np.ldexp(y, e32), np.ldexp(y, 3), np.ldexp(i, s),
            np.ldexp(e, u), np.ldexp(1.5, e), np.ldexp(x, s > 0), np.ldexp(x, k),
            np.ldexp(y, k), np.ldexp(3, 4), np.frexp(2.5)[0], np.frexp(-6)[1],
            np.ldexp(1.5, k), np.ldexp(2, 2**31), np.ldexp(2.0, i))
