import numpy as np


# npc export convolve(float64[:], float64[:], int32[:], complex128[:], bool[:])
def convolve(a, v, k, z, p):
    c1 = np.convolve(a, v)  # 'full': len(a) + len(v) - 1
    c2 = np.convolve(a, v, mode="same")  # max(len(a), len(v)), centred as NumPy
    c3 = np.convolve(a, v, "valid")
    c4 = np.convolve(v, a, "same")  # the shorter first
    c5 = np.correlate(a, v)  # 'valid' by default
    c6 = np.correlate(a, v, "full")
    c7 = np.correlate(v, a, "same")  # NumPy swaps and reverses: another centre
    c8 = np.correlate(a, v, "same")
    c9 = np.convolve(k, k[::-1])  # int32 exact
    c10 = np.correlate(z, z, "full")  # v conjugated
    c11 = np.convolve(z, a)
    c12 = np.convolve(p, p)  # bools: or of ands
    c13 = np.convolve(a, [1, 2, 1])  # a list (int64): float64
    c14 = np.convolve(2, a)  # a number is one element
    return c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14
