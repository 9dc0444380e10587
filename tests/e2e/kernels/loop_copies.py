"""A name bound to an argument, then assigned new arrays in a loop: the argument may be
updated where the name holds a new array on every path (after its assignment in the
loop body); after the loop, where the name may still be the argument, that is a located
error (tests/e2e/test_diagnostics.py)."""
import numpy as np


# npc export loop_copies(float64[:], int)
def loop_copies(x, n):
    z = x
    for _ in range(n):
        z = z * 2
        x[0] += 1.0
    return z, x
