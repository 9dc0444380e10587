"""Helpers that update an argument in place, called on one path only (in a branch, in
`a if c else b`): the values that read the argument before the call keep their values."""
import numpy as np


def damp(a, f):
    a *= f


def clip_first(a):
    if a[0] < 0:
        a[0] = 0.0
        return 1
    return 0


# npc export local_call_paths(float64[:], bool)
def local_call_paths(x, c):
    y = x * 2
    if c:
        damp(x, 0.5)
    z = x + 1
    w = x * 3
    n = clip_first(x) if c else 5
    return y, z, w, n, x
