"""In-place updates whose right side reads scalars of the target (`x[0]`, `np.mean(x)`,
`m.sum()`): NumPy reads them before writing; npc reads them into variables first, also
where the update's extent is data-dependent (a mask), which rules out copying the whole
right side."""
import numpy as np


# npc export inplace_scalar_reads(float64[:], float64[:,:], int)
def inplace_scalar_reads(x, m, k):
    x[x > 0] += x[0]
    x[x < 1] -= np.mean(x)
    x -= x.max() * x[1]
    m[m[:, 0] > 0] /= m.sum() + m[0, k]
    m -= m.mean(axis=0)
    m[1:] += m[0, 0] * m[1:]
    return x, m
