"""NEP 50 promotion with complex operands (float32 + 1j is complex64, int64 * 2j is
complex128, float64 + complex64 is complex128) and conversions to and from complex."""
import numpy as np


# npc export complex_mixed(float32[:], int64[:], float64[:], complex64[:])
def complex_mixed(f, i, d, z):
    return (f + 1j, i * 2j, d + z, z * f, z + 1.5, z * i, f.astype(np.complex64),
            np.complex128(f), z.astype(np.complex128), z.astype(np.float32),
            np.asarray(i, dtype=np.complex64), z.astype(bool), np.where(f > 0, z, 1j),
            np.zeros(3, dtype=np.complex64), np.array([1, 2j, 3.5]))
