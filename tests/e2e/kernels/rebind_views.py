"""A name viewing an array (`z = y[::-1]`) keeps the old array's elements after the name
it views is assigned a new array (`y = y * 2`), in a loop too, as in Python; an in-place
update of the array (`y += 1`) is seen through the view."""
import numpy as np


# npc export rebind_views(float64[:], int)
def rebind_views(x, n):
    y = x.copy()
    w = x.copy()
    for k in range(n):
        z = y[::-1]
        y = y * 2
        y = y + z
        v = w[1:]
        w = w * 2
        w[1:] += v
    u = y[:2]
    y += 1.0
    return y, w, u
