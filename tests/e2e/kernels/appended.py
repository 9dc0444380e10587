"""np.append: a result grown element by element in a loop (`out = np.append(out, a[i])`),
and its forms: along an axis, raveled, of a list, of a Python int (made an int64 array
first, as NumPy does: `np.append(int8_array, 300)` is int64)."""
import numpy as np


def pick(x, c):
    if c:
        return x[x > 0]
    return x[1:]


# npc export f(float64[:], float64[:, :], int8[:])
def f(a, m, s):
    out = np.zeros(0)
    for i in range(a.shape[0]):
        if a[i] > 0:
            out = np.append(out, a[i])
    rows = np.append(m, m[:1], axis=0)
    flat = np.append(m, [1.0, 2.0])
    wide = np.append(s, 300)
    same = np.append(s, np.int8(3))
    listed = np.append([1, 2], s)
    picked = pick(a, a.shape[0] > 2) * 2
    return out, rows, flat, wide, same, listed, picked
