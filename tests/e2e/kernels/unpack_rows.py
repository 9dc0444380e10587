import numpy as np


# npc export rows(float32[:, :])
def rows(m):
    # A symbolic leading extent is checked at run time (3 rows are needed).
    a, b, c = m
    return a + 2 * b - c, c.sum()
