"""The workaround the error for `x[i:] += x[0]` in a loop suggests: the element read into a
name first (a value, as NumPy scalars are), then the update."""
import numpy as np


# npc export element_then_update(float64[:])
def element_then_update(x):
    for i in range(1, x.shape[0]):
        v = x[0]
        x[i:] += v
    return x
