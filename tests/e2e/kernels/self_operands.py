"""An operator with the same value on both sides (`p ^ p`, `n == n`, `b ^ b`): constants
for bools and integers, so that the C++ npc writes has no self-comparison (a g++
warning); floats compare (`a != a` is the NaN test)."""
import numpy as np


# npc export self_operands(bool, bool[:], int, int64[:], float64[:])
def self_operands(p, b, n, a, x):
    return (p ^ p, b ^ b, b[0] ^ b[0], n == n, a[0] != a[0], np.logical_xor(p, p), n < n,
            a <= a, p != p, x != x, x[0] == x[0])
