"""NumPy scalar constants of the integer types at their limits: uint64 arithmetic of
constants wraps at 2**64 (not at the 32 bits of C++'s `unsigned int`), and the absolute
value of a signed type's minimum wraps to itself."""
import numpy as np

K = 100000


# npc export constant_wrap(uint64[:], int8[:])
def constant_wrap(u, a):
    return (np.uint64(0) - 1, np.uint64(K) * K, u & (np.uint64(0) - 1), -np.uint64(1),
            np.uint64(0xFFFFFFFF) * np.uint64(3), np.uint32(0) - np.uint64(1),
            u + np.uint64(100000) * np.uint64(100000),
            np.abs(np.int8(-128)) < 0, np.abs(np.int32(-2147483648)) * 1.0,
            abs(np.int16(-32768)) > 0, np.abs(np.int8(-128)) + a)
