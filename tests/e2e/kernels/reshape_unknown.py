"""reshape with extents given as int arguments: an argument of -1 (NumPy's extent to
infer) is an error npc names at run time (npc infers only a literal -1)."""
import numpy as np


# npc export reshape_unknown(float64[:], int, int)
def reshape_unknown(a, n, m):
    return a.reshape(n, m)
