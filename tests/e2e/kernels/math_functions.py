"""np.nan_to_num (defaults, given values, float32, ints unchanged), np.select (weak and
strong choices, a default, broadcasting), np.polyval (a list, a fixed-extent array,
float32), np.isin (invert, a list, ints against floats), np.logspace (base, dtype, endpoint),
np.float_power, np.divmod (integer division by zero) and np.modf (the signs of zeros)."""
import numpy as np


# npc export f(float64[:], float32[:], int16[:], float64[4], float64[:, :])
def f(x, y, i, p, m):
    q, r = np.divmod(x, 0.75)
    iq, ir = np.divmod(i, i // 50)
    frac, whole = np.modf(x)
    f32, w32 = np.modf(i)
    return (np.nan_to_num(x), np.nan_to_num(y, nan=-1.0, posinf=1e300, neginf=-2),
            np.nan_to_num(i), np.nan_to_num(m, posinf=7),
            np.select([x > 0.5, x < -0.5], [x, 2 * x]),
            np.select([i > 0, i < -50], [i, np.int8(3)], default=-1),
            np.select([m > 0], [y[:1]], 1.5), np.select([i > 0], [i.astype(np.uint8)], -1),
            np.polyval([1.0, -2.0, 0.5], x), np.polyval(p, y), np.polyval([3, 1], i),
            np.isin(i, [1, 5, -7, 300]), np.isin(x, m, invert=True), np.isin(i, x),
            np.logspace(0, 2, 5), np.logspace(-1, 1, 4, base=2, endpoint=False),
            np.logspace(0, 3, 4, dtype=np.int32), np.float_power(i, 0.5), np.float_power(y, 2),
            np.float_power(2, i), q, r, iq, ir, frac, whole, f32, w32,
            np.signbit(frac), np.signbit(whole))
