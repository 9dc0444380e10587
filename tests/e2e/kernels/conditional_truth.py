"""`a if cond else b` takes Python's truth value of cond, as `if` does: a number is true
when non-zero (NaN too), a one-element array by its element."""
import numpy as np


# npc export conditional_truth(float64[:], int)
def conditional_truth(x, n):
    a = 1.0 if n else 2.0
    b = x[0] if x.sum() else -x[0]
    c = n if x.sum(keepdims=True) else -n
    d = 3 if np.float32(n) else 4
    return a, b, c, d
