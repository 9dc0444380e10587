"""An exported function and arguments named like C++ keywords, and sizes from an int
argument (`np.zeros(n)`) written into element by element."""
import numpy as np


# npc export double(float64[:], int)
def double(new, k):
    out = np.zeros(k ** 2)
    for i in range(min(k ** 2, new.shape[0])):
        out[i] = new[i] * 2
    return out, new[:k ** 2]
