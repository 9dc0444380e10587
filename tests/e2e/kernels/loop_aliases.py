import numpy as np


# npc export loop_aliases(float64[:], int64)
def loop_aliases(x, n):
    # In Python `y = t` makes y and t one array. npc copies into y's variable, which is
    # right while no name that would see an update through the other is read again.
    y = x.copy()
    s = 0.0
    for i in range(n):
        t = np.sqrt(y) + 1  # evaluated into memory of its own (np.sqrt is costly)
        y = t
        y[i % 3] = 0.5  # t is not read again
        u = y * 2
        y = u
        u = y + 1  # another array: an update of y does not reach it
        y[0] = 5.0
        s += u.sum()
    return y, s
