"""Names read where Python may find them unassigned: first assigned in a loop that may
not run (a loop counter too), in one branch of an `if`, in an inner loop, in a helper's
loop (a fresh name on each call). Python raises UnboundLocalError at the read (in
arithmetic, as an index, an extent or a condition), only when no assignment ran; the
reads that follow an assignment are not checked."""
import numpy as np


def last_positive(x):
    for i in range(x.shape[0]):
        if x[i] > 0:
            found = x[i]
    return found


# npc export unassigned_names(float64[:], int, int)
def unassigned_names(x, n, mode):
    total = 0.0
    for i in range(n):
        previous = x[i]
        positive = previous > 0
        total += previous
    if mode == 0:
        return total, previous
    if mode == 1:
        return total, float(i)
    if mode == 5:  # read as an index, an extent, a condition
        return total, x[i]
    if mode == 6:
        return total, np.ones(i).sum()
    if mode == 7:
        if positive:
            return total, 1.0
        return total, 2.0
    if n > 2:
        big = x[0] * 2.0
    if mode == 2:
        return total, big
    if mode == 3:
        for j in range(2):
            k = 0
            while k < n:
                inner = x[k] + j
                k += 1
            total += inner
        return total, inner
    s = 0.0
    for t in range(3):
        s += last_positive(x[t:])
    return total, s
