"""np.gradient: unit spacing, a number, coordinates (uneven, and even ones that NumPy
switches back to the number's formulas), edge_order 1 and 2, one axis, several (a tuple),
integer and float32 arrays."""
import numpy as np


# npc export f(float64[:], float32[:, :], int32[:], float64[:], float64, float32[:])
def f(x, m, i, coords, h, c32):
    gy, gx = np.gradient(m)
    ey, ex = np.gradient(m, 2.0, edge_order=2)
    cy, cx = np.gradient(m, c32[:m.shape[0]], 3, axis=(0, 1))
    return (np.gradient(x), np.gradient(x, h), np.gradient(x, coords),
            np.gradient(x, coords, edge_order=2), np.gradient(i), np.gradient(i, 0.5),
            gy, gx, ey, ex, np.gradient(m, axis=1), cy, cx,
            np.gradient(m, c32[:m.shape[0]], edge_order=2, axis=0), np.gradient(x, np.float32(0.25)),
            np.gradient(x, edge_order=2), np.gradient(i, coords, edge_order=2))
