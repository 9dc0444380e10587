"""A masked in-place update (bench/samples_bench.py): the elements a mask selects take the
other array's values there added (npc counts and compacts the mask once for both
subscripts)."""
import numpy as np


# npc export mask_update(float64[:], float64[:], bool[:])
def mask_update(x, v, keep):
    x[keep] += v[keep]
    return x
