"""Values whose shape a loop counter gives, read after the counter moves on: `q` is
`np.ones(k)` (its shape reads `k`, its elements do not), `r` a slice by `k`. They keep
the shape they had where Python computed them."""
import numpy as np


# npc export f(float64[:], int64)
def f(x, n):
    s = 0.0
    k = 0
    while k < n:
        q = np.ones(k)
        r = x[:k] * 2.0
        k += 1
        s += q.sum() + r.sum() * 10.0 + q.shape[0] * 100.0
    return s
