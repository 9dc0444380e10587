import numpy as np
from math import sqrt


# npc export path_length(float64[:, 2])
def path_length(p):
    # An array unpacks along its first axis: dx, dy are the two coordinates.
    total = 0.0
    for i in range(1, p.shape[0]):
        dx, dy = p[i] - p[i - 1]
        total += sqrt(dx * dx + dy * dy)
    return total
