"""Argument names assigned a new array, then updated in place, in a loop or branch (or
after an `if` whose every branch assigns one): the update changes the new array, never
the caller's (as in Python)."""
import numpy as np


def step(v):
    v = v + 0.5
    v *= 2
    return v


# npc export rebound_arguments(float64[:], float64[:], int, bool)
def rebound_arguments(x, g, n, flag):
    same = np.array(x, copy=None)  # x itself: the caller's array changes
    same[-1] = -1.0
    for i in range(n):
        x = x - 0.5 * x[::-1]
        x[0] = i
        g = step(g)
    if flag:
        g = g * 2
        g[1:] += x[1:]
    if flag:  # a new array on both paths: the update after the `if` changes it
        x = x - g
    else:
        x = x + g
    x[0] = 5.0
    return x, g
