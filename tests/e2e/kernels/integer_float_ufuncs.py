"""np.gcd and np.lcm (signed with negatives and the minimum, unsigned, mixed dtypes, a
Python int), np.nextafter and np.spacing (zeros of both signs, subnormals, the largest
float, infinities, NaN; float32 and int16 in float loops)."""
import numpy as np


# npc export f(int64[:], int64[:], uint8[:], int8[:], float64[:], float32[:], int16[:])
def f(a, b, u, s, x, y, i):
    return (np.gcd(a, b), np.lcm(a, b), np.gcd(u, s), np.lcm(u, 6), np.gcd(s, s[::-1]),
            np.lcm(s, s[::-1]), np.nextafter(x, 0.0), np.nextafter(x, x[::-1]),
            np.nextafter(y, np.float32(np.inf)), np.nextafter(i, 0), np.spacing(x),
            np.spacing(y), np.spacing(i))
