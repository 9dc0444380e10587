"""A Python int converted to float32 or complex64 goes through a Python float, as NumPy
converts it: rounded to float64 first, then to float32 (2**60 + 2**36 + 1 becomes 2**60,
where rounding once gives 2**60 + 2**37). np.where makes it an int64 array first, which
rounds once."""
import numpy as np


# npc export python_int_rounding(int, float32[:], complex64[:])
def python_int_rounding(n, a, z):
    return (np.float32(n), a + n, np.full(2, n, dtype=np.float32),
            np.array([n, 1], dtype=np.float32), np.complex64(n), z * n,
            np.asarray(n, np.float32), a * (n + 1), np.where(a > 0, a, n),
            np.where(a > 0, z, n))
