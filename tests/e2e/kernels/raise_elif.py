"""A chain of branches where one raises and one asserts False: the others assign `y`,
which is used after the chain."""
import numpy as np


# npc export raise_elif(float64[:], int)
def raise_elif(x, k):
    if k > 5:
        y = x * 2
    elif k > 2:
        raise ValueError("middle")
    elif k > 0:
        y = x + 1
    else:
        assert False, "nonpositive"
    return y.sum()
