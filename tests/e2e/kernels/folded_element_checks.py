"""An element of a constant-filled local read before a write (t = c[0] of np.zeros(n)):
npc folds the value but keeps the index check (IndexError for n = 0), whose variable
is then unused and must not draw -Wunused-variable."""
import numpy as np


# npc export folded_element_checks(float64[:], int)
def folded_element_checks(x, n):
    c = np.zeros(n)
    t = c[0]
    c[0] = 5
    return t, c
