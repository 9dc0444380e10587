"""np.tile, np.repeat, np.diagonal, np.diag, np.trace, np.ptp, np.average: reps tuples
longer and shorter than the rank, zero counts, offsets beyond the array, weights along
an axis, integer dtypes (trace sums int8 in int64, ptp wraps uint8)."""
import numpy as np


# npc export f(float64[:, :], float64[:], int8[:, :, :], uint8[:])
def f(m, v, t, u):
    return (np.tile(v, 3), np.tile(m, (2, 1)), np.tile(v, (2, 2)), np.tile(m, (2, 1, 3)),
            np.tile(t, 0), np.repeat(v, 2), np.repeat(m, 3, axis=1), np.repeat(m, 2),
            m.repeat(2, axis=-2), np.repeat(t, 0, axis=2), np.diagonal(m), np.diagonal(m, 1),
            m.diagonal(-1), np.diagonal(t, 0, 0, 2), np.diagonal(t, 1, 2, 0),
            np.diagonal(m, 7), np.diag(m), np.diag(m, -2), np.diag(v), np.diag(v, 2),
            np.diag(u, -1), np.trace(m), m.trace(1), np.trace(t), t.trace(axis1=1, axis2=2),
            np.trace(t, -1, dtype=np.int8), np.ptp(m), np.ptp(m, axis=0), np.ptp(u),
            np.ptp(t, axis=(0, 2), keepdims=True), np.average(m), np.average(m, axis=1),
            np.average(m, weights=m), np.average(m, axis=1, weights=v[:m.shape[1]]),
            np.average(t, axis=(2, 0), weights=np.ones((t.shape[2], t.shape[0]))),
            np.average(t, axis=0, weights=u[:t.shape[0]], keepdims=True))

