"""Raise and assert messages from f-strings: ints, bools, a shape tuple, ndim and a dtype
formatted as Python formats them, known at compile time or only at run time; `{{` braces."""
import numpy as np

# npc export f(float64[:, :], int, bool)
def f(x, n, c):
    if n > 3:
        raise ValueError(f"expected at most 3, got {n} (shape {x.shape}, ndim {x.ndim}, {x.dtype}) {{ok}} c={c}")
    if n == -1:
        raise ValueError(f"rows {x.shape[0]}" f" and {n + 1}")
    assert n != -2, f"n is {n}"
    if n == -3:
        raise IndexError(f"constant {x.ndim}")
    return x * n
