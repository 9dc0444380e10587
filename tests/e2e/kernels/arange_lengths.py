"""np.arange with run-time bounds and steps: NumPy's errors for a step of 0 and for
lengths it cannot compute (NaN) or represent (beyond 2**63); a quotient that underflows
to 0 (an infinite step) gives one element, as NumPy's."""
import numpy as np


# npc export arange_lengths(float, float, float, int, int)
def arange_lengths(a, b, s, n, k):
    return (np.arange(a, b), np.arange(a, b, s), np.arange(0, n, k),
            np.arange(n, 5 * n, k, dtype=np.int16), np.arange(a, b, s, dtype=np.int16),
            np.arange(0.0, 5.0, np.inf), np.arange(0.0, -5.0, np.inf),
            np.arange(0.0, 1e-320, 1e300, dtype=np.float32), np.arange(0.0, 5.0, np.inf, dtype=np.int16))
