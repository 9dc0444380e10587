"""np.array and np.asarray of literal nested lists and tuples: NumPy's shapes and dtypes
(Python ints are int64, floats float64), scalar expressions and arrays as elements."""
import numpy as np


# npc export creation_literal(float64[:], int)
def creation_literal(x, n):
    a = np.array([1, 2, 3])
    b = np.array([1.5, 2, True])
    c = np.array([[1, 2], [3, 4]], dtype=np.float32)
    d = np.array([x[0], x[1] * 2, n])
    e = np.array((True, False))
    f = np.array([[x[0], 1.0], [2.0, x[-1]]])
    g = np.array([x, x * 2])
    h = np.asarray([n, 2 * n])
    k = np.array(x)
    m = np.array([np.float32(1.5), 2])
    p = np.array([[1], [n]], dtype=np.int8)
    q = np.array([])
    return a, b, c, d, e, f, g, h, k, m, p, q
