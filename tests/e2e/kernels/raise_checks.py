"""Input checks with `raise` and `assert`: run-time conditions (extents, arguments,
elements in a loop, a helper's), a branch that raises while the other assigns, and one
decided at compile time (`x.ndim`)."""
import numpy as np


def positive(v):
    if v.min() < 0:
        raise ValueError("negative values are not allowed")
    return v


# npc export f(float64[:], float64[:], int)
def f(x, y, n):
    if x.shape[0] != y.shape[0]:
        raise ValueError("x and y differ in length")
    assert n >= 0, "n must be non-negative"
    if n > 100:
        raise RuntimeError
    if n == 42:
        raise ValueError("a ??= b")  # no C++ trigraph
    assert x.sum(keepdims=True) > -1e300, "a one-element array's truth value"
    if x.ndim != 1:
        raise TypeError("x must be 1-D")
    if n == 7:
        total = x.sum()
    else:
        raise ValueError("n is not 7")
    for i in range(x.shape[0]):
        if x[i] > 1e6:
            raise OverflowError("too large")
    return positive(x) * total + y
