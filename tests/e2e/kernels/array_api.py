"""NumPy 2's array API spellings: the second names (np.acos, np.pow, np.concat,
np.permute_dims, np.bitwise_left_shift, ...) and the functions NumPy 2 added (np.vecdot
with its axis, complex conjugated, int8 kept; np.matrix_transpose, np.astype,
np.cumulative_sum/prod with include_initial; np.linalg's outer, trace, diagonal, matmul,
tensordot, vecdot)."""
import numpy as np


# npc export f(float64[:], float64[:, :], int32[:], float32[:, :, :], int8[:, :], complex128[:])
def f(x, y, i, t, s, z):
    a = np.acos(np.clip(x, -1, 1)) + np.asin(np.clip(x, -1, 1)) + np.atan(x) + np.atan2(x, 2.0)
    e = np.bitwise_left_shift(i, 2) + np.bitwise_right_shift(i, 1) + np.bitwise_invert(i)
    return (a, np.pow(x, 2), np.concat([x, x]), np.permute_dims(y, (1, 0)), e,
            np.acosh(np.abs(x) + 1), np.asinh(x), np.atanh(np.clip(x, -0.5, 0.5)),
            np.vecdot(y, y), np.vecdot(t, t, axis=0), np.vecdot(s, s), np.linalg.vecdot(z, z),
            np.vecdot(y, x), np.vecdot(x[:, np.newaxis], y.T, axis=0),
            np.matrix_transpose(t), np.linalg.matrix_transpose(y),
            np.astype(s, np.float32), np.astype(x, np.int16, copy=False),
            np.cumulative_sum(s, axis=1), np.cumulative_sum(x, include_initial=True),
            np.cumulative_prod(s, axis=0, dtype=np.int8, include_initial=True),
            np.cumulative_sum(np.float32(2.5)),
            np.linalg.outer(x, i), np.linalg.trace(t), np.linalg.trace(s, offset=1),
            np.linalg.diagonal(t, offset=-1), np.linalg.matmul(y, y.T),
            np.linalg.tensordot(y, y, axes=2), np.linalg.tensordot(t, t, axes=([0, 1], [0, 1])))
