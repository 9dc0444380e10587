"""Gaussian elimination solving a x = b with a named temporary: `g`, the column below
the pivot divided by it, is read after the statement that zeroes that column, so it is
copied there; its shape (a slice by the loop counter) only the run time knows, so its
buffer is allocated where it is copied, on each iteration. Back substitution follows."""
import numpy as np


# npc export solve(float64[:, :], float64[:])
def solve(a, b):
    a = a.copy()
    b = b.copy()
    n = a.shape[0]
    for k in range(n - 1):
        g = a[k + 1:, k] / a[k, k]
        a[k + 1:, k] = 0.0
        a[k + 1:, k + 1:] -= np.outer(g, a[k, k + 1:])
        b[k + 1:] -= g * b[k]
    x = np.zeros(n)
    for i in range(n - 1, -1, -1):
        x[i] = (b[i] - np.dot(a[i, i + 1:], x[i + 1:])) / a[i, i]
    return x, a
