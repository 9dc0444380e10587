"""Transposes, reshapes and broadcast_to are views, as in NumPy: a name bound to one sees
later writes into the array it views (and the other way round for computed values)."""
import numpy as np


# npc export shape_views(float64[:,:])
def shape_views(x):
    t = x.T
    flat = x.reshape(-1)
    rows = np.broadcast_to(x[0], (2, x.shape[1]))
    before = x.T * 1.0
    x[0, 1] = 50.0
    x[1:] += 1.0
    return t, flat, rows, before, x
