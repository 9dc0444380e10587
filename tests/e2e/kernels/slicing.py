"""Basic slicing with literal bounds: steps, negative steps, clamping, integer indices,
Ellipsis, and slices/indices of views and of computed arrays."""
import numpy as np


# npc export slicing(float64[:], int64[:,:])
def slicing(a, m):
    return (a[::2], a[::-1], a[6:], a[-3:], a[1:-1:3], a[5:1:-2], a[-100:100], a[3],
            m[1:, ::-1], m[:, 0], m[-1], m[::-2, 1:3], m[0, -1],
            (m + 1)[::2], np.sum(m, axis=0)[0], m[1:][::-1], a[:, None][::2], a[::-1][2],
            m[-1][::-1], m[::-1, ::-1][1:, :1], a[1:] - a[:-1],
            m[2:0:-1, -1:-4:-2], a[-2::-3], m[..., 0], m[0, ...], a[10:-10:-1])
