"""Non-ASCII Python identifiers (valid Python 3 and C++): nvcc takes only ASCII in kernel
names, so the CUDA target spells them with hex escapes there."""
import numpy as np


# npc export café(float64[:], float64)
def café(x, größe):
    δ = x * größe
    return δ + 1.0, δ.sum()
