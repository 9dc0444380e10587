"""np.array_equal: equal and unequal values, shapes that differ at compile time and at run
time only, NaNs with and without equal_nan, mixed dtypes, lists; in a loop condition."""
import numpy as np


# npc export f(float64[:], float64[:], int32[:, :], int64[:, :], float32[3])
def f(x, y, a, b, c):
    steps = 0
    labels = np.zeros(x.shape[0], np.int64)
    while steps < 10:
        new = (x > steps * 0.1).astype(np.int64)
        if np.array_equal(new, labels):
            break
        labels = new
        steps += 1
    return (np.array_equal(x, y), np.array_equal(x, y, equal_nan=True), np.array_equal(a, b),
            np.array_equal(a, a.T), np.array_equal(c, [1.0, 2.0, 3.0]), np.array_equal(x, c),
            np.array_equal(a, b[:, :1]), np.array_equal(x, x), steps)
