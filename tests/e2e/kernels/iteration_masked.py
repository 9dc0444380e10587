"""`for v in x[x > 0]`: a loop over a boolean mask's elements (a length only the run time
knows), evaluated once before the loop as Python does, while the loop updates `x`; and
over the rows a 2-D mask selects."""
import numpy as np


# npc export f(float64[:], float64[:, :])
def f(x, m):
    s = 0.0
    for v in x[x > 0]:
        s += v * v
        x[0] += 1.0
    rows = np.zeros(m.shape[1])
    for r in m[m[:, 0] > 0.5]:
        rows += r
        m[0, 0] = 2.0
    return s, rows
