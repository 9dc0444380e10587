"""np.broadcast_to to an `int` argument's extent: a negative one raises NumPy's ValueError
("all elements of broadcast shape must be non-negative")."""
import numpy as np


# npc export broadcast_to_counts(float64[:], int)
def broadcast_to_counts(v, n):
    return np.broadcast_to(v, (n, v.shape[0])) * 2
