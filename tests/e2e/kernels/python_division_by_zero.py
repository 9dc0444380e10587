"""`/`, `//` and `%` of Python numbers (arguments, values computed from them, len()) by
zero raise Python's ZeroDivisionError where they run: not in the branch of `a if c else b`
or of an `if` that is not taken, on every iteration of a loop that divides, also as an
extent, an index or a slice bound. Division of a
NumPy value (`a[0] / m`) gives NumPy's inf instead."""
import numpy as np


# npc export python_division_by_zero(int, int, float, float64[:], int)
def python_division_by_zero(n, m, x, a, mode):
    r = 0.0
    if mode == 0:
        r = float(n // m)
    elif mode == 1:
        r = float(n % m)
    elif mode == 2:
        r = x / m
    elif mode == 3:
        r = x // (x - 1.5)
    elif mode == 4:
        r = 1.0 / len(a)
    elif mode == 5:
        r = n / float(a.sum())
    elif mode == 6:
        r = float(n // m if m != 0 else -1)
    elif mode == 7:
        s = 0
        for i in range(n):
            s += x % (m - i)
        r = float(s)
    elif mode == 8:
        r = a[0] / m
    elif mode == 9:
        r = x % (x - 1.5) + (n > 2) // (m > 0 or x == 1.5)
    elif mode == 10:
        r = float(np.zeros(n // m).sum())
    elif mode == 11:
        r = a[n // m - 7]
    elif mode == 12:
        r = float(a[:n % m].sum())
    return r
