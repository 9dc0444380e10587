"""Python numbers stored into integer arrays or given to integer scalar types, which
NumPy 2 converts through Python's int() (truncation toward zero) where they fit; the
ones that do not fit are located errors (tests/e2e/test_diagnostics.py). np.full casts."""
import numpy as np


# npc export stores(uint8[:], int64[:])
def stores(a, b):
    a[0] = 2.9
    a[1] = -0.9
    a[2:4] = 255.99
    a[a == 7] = 6.5
    b[0] = -9.2e18
    b[1:] = True
    return (a, b, np.uint64(2.0**63), np.uint64(1.8e19), np.int64(-2.0**63), np.int8(-128.9),
            np.uint8(255.9), np.bool_(2.5), np.array([1.5, 254.9, -0.5], dtype=np.uint8),
            np.asarray(-127.5, np.int8), np.full(2, -2.7, dtype=np.uint8))
