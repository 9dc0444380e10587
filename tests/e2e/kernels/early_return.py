"""Early returns from loops and branches, with different value types promoted."""
import numpy as np


# npc export early_return(float64[:], float64)
def early_return(x, threshold):
    for i in range(x.shape[0] - 1, -1, -1):
        if x[i] > threshold:
            return i, x[i] * 2
    if threshold < 0:
        return -1, 0
    return -2, np.sum(x)
