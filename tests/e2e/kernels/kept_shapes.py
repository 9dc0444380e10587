"""A name rebound in a branch or loop to its broadcast with another array keeps its
shape; where the run time finds that the broadcast changes it (a 1-element `w` with a
3-element `g`: NumPy's `w` becomes 3 long), npc raises NotImplementedError."""
import numpy as np


# npc export kept_shapes(float64[:], float64[:], bool, int64)
def kept_shapes(w, g, c, steps):
    if c:
        w = w - g
    v = np.zeros_like(g)
    for _ in range(steps):
        v = 0.5 * v + g  # v's extent is g's, v's and their broadcast: the same one
        w = w * 0.9 + v.sum()
    return w * 2, v
