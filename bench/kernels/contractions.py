"""Vector geometry (bench/samples_bench.py): the cross products of 2 M pairs of 3-vectors,
their lengths through np.einsum's rowwise dot, and the pairs' dots: NumPy makes a
temporary per step, npc one fused parallel loop."""
import numpy as np


# npc export contractions(float64[:,3], float64[:,3])
def contractions(a, b):
    c = np.cross(a, b)
    return np.sqrt(np.einsum("ij,ij->i", c, c)), np.einsum("ij,ij->i", a, b)
