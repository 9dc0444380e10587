"""NumPy takes the truth value of an array of one element: an `if` or `while` condition
may be one whose size is 1 at compile time (`a.sum(keepdims=True) > 0`)."""
import numpy as np


# npc export one_element_condition(float64[:], float64[:, 3])
def one_element_condition(a, m):
    r = 0
    if a.sum(keepdims=True) > 0:
        r = 1
    if m[0, None, -1:] < 0.5:
        r += 10
    return r
