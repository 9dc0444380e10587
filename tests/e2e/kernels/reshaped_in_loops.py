"""Transposes and reshapes assigned back in loops: `a = a.T * 2.0` swaps the extents of
one argument's axes, `b = b.reshape(-1, 2)[1:]` makes a constant extent of an argument's
(both were run-time NotImplementedErrors: npc kept the first shape)."""
import numpy as np


# npc export f(float64[:, :], int64)
def f(a, n):
    b = a
    for i in range(n):
        a = a.T * 2.0
        b = b.reshape(-1, 2)[1:]
    return a, b
