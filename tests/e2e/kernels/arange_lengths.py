"""np.arange with run-time bounds and steps: NumPy's errors for a step of 0 and for
lengths it cannot compute (NaN) or represent (infinite, 2**63 or more)."""
import numpy as np


# npc export arange_lengths(float, float, float, int, int)
def arange_lengths(a, b, s, n, k):
    return (np.arange(a, b), np.arange(a, b, s), np.arange(0, n, k),
            np.arange(n, 5 * n, k, dtype=np.int16))
