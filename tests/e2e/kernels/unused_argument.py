"""Array arguments an exported function does not read: `y` is used only for its size,
`z` not at all."""
import numpy as np


# npc export unused_argument(float64[:], float64[:,:], int32[:])
def unused_argument(x, y, z):
    return x * y.size + 1
