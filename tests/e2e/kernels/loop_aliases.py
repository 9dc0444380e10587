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
    # Jacobi with a boundary value: u_new is updated, then becomes u, which is updated;
    # u_new is assigned anew before it is read again (was refused).
    w = x.copy()
    for i in range(n):
        w_new = w.copy()
        w_new[1:-1] = 0.5 * (w[:-2] + w[2:])
        w = w_new
        w[0] = 0.0
    return y, s, w
