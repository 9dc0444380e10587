"""Gaussian elimination with partial pivoting: in-place updates whose right side reads
the array written and has a shape only the run time knows (the loop counter's slices)."""
import numpy as np


def swap_rows(m, i, j):
    tmp = m[i].copy()
    m[i] = m[j]
    m[j] = tmp


# npc export f(float64[:, :], float64[:])
def f(a, x):
    n = a.shape[0]
    for k in range(n):
        p = k + np.argmax(np.abs(a[k:, k]))
        if p != k:
            swap_rows(a, k, p)
        if a[k, k] == 0:
            continue
        a[k + 1:, k:] -= np.outer(a[k + 1:, k] / a[k, k], a[k, k:])
    z = x.copy()
    for i in range(1, x.shape[0]):
        x[i:] = x[:x.shape[0] - i] * 0.5
        z[i:] += z[:z.shape[0] - i]
    return a, x, z
