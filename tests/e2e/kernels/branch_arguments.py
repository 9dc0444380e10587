"""A name assigned arrays of two arguments' extents in the branches of an if keeps the
first one's extent; where the other branch runs with a different extent (NumPy's z
would be y's length), npc raises NotImplementedError."""
import numpy as np


# npc export pick(float32[:], float32[:], bool)
def pick(x, y, c):
    if c:
        z = x * 2
    else:
        z = y + 1
    return z.sum(), z
