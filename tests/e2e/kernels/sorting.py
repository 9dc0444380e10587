"""np.sort, np.argsort, a.argsort(), np.median: along the last axis, another axis, or the
flattened array; NaNs last; equal values in their order (kind='stable'); views; bools,
small and unsigned integers; medians of odd, even and empty lines, NaN lines, keepdims."""
import numpy as np


# npc export f(float64[:], float64[:, :], int32[:, :], bool[:], uint64[:], float32[:, :, :])
def f(x, m, k, b, u, t):
    return (np.sort(x), np.argsort(x, kind="stable"), np.sort(m), np.sort(m, axis=0),
            np.argsort(m, axis=0, kind="stable"), np.sort(k, axis=None),
            k.argsort(stable=True), np.argsort(k, axis=None, kind="stable"), np.sort(b),
            np.argsort(b, kind="stable"), np.sort(u), np.sort(t, axis=1),
            np.sort(t[:, ::-1, 1:], axis=-1), np.sort(x * 2 - 1)[::2],
            np.median(x), np.median(m, axis=1), np.median(m, axis=0, keepdims=True),
            np.median(k), np.median(k, axis=-1), np.median(b), np.median(u),
            np.median(t, axis=1), np.median(t, keepdims=True))
