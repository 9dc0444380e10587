"""Python scalars keep NEP 50's weak promotion through -k, ~k and abs(k), and when a value
is one of two Python scalars: a variable assigned in a branch or loop, an inlined
function's returns, `a if c else b`, min() and max(). A Python bool stays a Python bool
there (an int in Python's arithmetic), or becomes the Python number it meets. Slices take
Python bools as ints. `not` of any scalar (a NumPy bool, a number) is a Python bool."""
import numpy as np


def sign_flag(n):
    if n > 3:
        return True
    return n < 0


# npc export python_scalar_joins(int8[:], float32[:], int, bool, float)
def python_scalar_joins(x, y, n, p, s):
    if n > 2:
        u = p
    else:
        u = False
    t = False
    for i in range(n):
        t = i > 3
    return (x + max(1, p), x + (1 if p else n), x + min(p, 2), y + max(0.5, p),
            y * (0.5 if p else True), x + (-n), x + abs(n), x + (-p), x + abs(p), x + ~p,
            y + (-s), y * abs(s), u + True, t + t, sign_flag(n) + sign_flag(n),
            min(p, p) + 1, x[True:], x[:n > 2], (not x[0]) + (not y[0] > 1), -(not x[1] > 1),
            not n, (not s) + 1)
