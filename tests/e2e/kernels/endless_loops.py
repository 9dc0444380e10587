"""`while True:` (and `while 1:`) left only by `return`: the function, or a helper, ends
inside the loop (Python never reaches the code after it); with `break` the code after it
runs."""
import numpy as np


def newton(x, tol):
    it = 0
    while True:
        x = 0.5 * (x + 2.0 / x)
        it += 1
        if np.max(np.abs(x * x - 2.0)) < tol:
            return x, it


def first_above(a, t):
    i = 0
    while 1:
        if i == a.shape[0]:
            return -1
        if a[i] > t:
            return i
        i += 1


# npc export endless_loops(float64[:], float64, float32[:], float32)
def endless_loops(x, tol, a, t):
    y, n = newton(x, tol)
    k = first_above(a, t)
    total = 0
    while True:
        total += 1
        if total > 3:
            break
    if k < 0:
        while True:
            return y * 2, n, k, total
    return y, n, k, total
