import numpy as np


# npc export branch_tuples(float64[:], bool)
def branch_tuples(x, flag):
    # Tuples and strings every branch leaves the same pass the `if`; one a branch that
    # returns changes does not matter after it.
    s = x.shape
    if flag:
        y = x * 2
        t = (1, 2)
        mode = "scale"
    else:
        y = x + 1
        t = (1, 2)
        mode = "scale"
    if x.shape[0] > 5:
        s = (0,)
        return y, np.zeros(s)
    if mode == "scale":
        y = y * t[1]
    return y, np.ones(s)
