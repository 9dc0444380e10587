"""np.array_equiv: shapes that broadcast (an extent 1, fewer axes, a scalar) or do not, at
compile time and at run time only; equal and unequal values, NaN, mixed dtypes, lists,
empty arrays."""
import numpy as np


# npc export f(float64[:], float64[:], int32[:, :], int64[:, :], float64[:, :])
def f(x, y, a, b, r):
    return (np.array_equiv(x, y), np.array_equiv(a, b), np.array_equiv(a, b[:1]),
            np.array_equiv(x, 2.0), np.array_equiv(a, a[:, :1]), np.array_equiv(r, x),
            np.array_equiv(x, r), np.array_equiv(r, r[::-1]),
            np.array_equiv([1, 2], [[1, 2], [1, 2]]), np.array_equiv(np.ones(3), np.ones(4)),
            np.array_equiv(np.ones((2, 1)), np.ones((1, 3))))
