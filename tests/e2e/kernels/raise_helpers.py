"""`raise` in a helper that never returns, called as a statement inside a branch, and a
`raise` with (dead) statements after it."""
import numpy as np


def fail(msg_code):
    raise ValueError("helper failed")
    return 1


def check(x):
    if x.sum() < 0:
        fail(1)
    return x


# npc export f(float64[:])
def f(x):
    y = check(x) * 2
    if y[0] > 100:
        raise IndexError("big")
        y = y + 1
    return y
