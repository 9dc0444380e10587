"""In-place updates whose operand broadcasts: the updated array's extents only the run time
knows, so NumPy's check (the broadcast shape must be the updated array's) runs then."""
import numpy as np


# npc export inplace_broadcast(float64[:], float64[:], float64[:,:])
def inplace_broadcast(a, b, m):
    a += b
    m[1:] *= b
    return a, m
