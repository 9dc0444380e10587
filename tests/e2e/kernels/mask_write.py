"""Boolean-mask assignment with array right sides (`a[mask] = b[mask]`, 1-D values whose
length is the number of true elements) and augmented assignment through a mask."""
import numpy as np


# npc export mask_write(float64[:], float64[:], float64[:,:], float64[:])
def mask_write(a, b, m, vals):
    a[a > 0] = b[a > 0]
    a[a < -0.5] += 1.0
    m[m > 0] *= 2.0
    m[m[:, 0] < 0] = 0.25
    c = b * 1.0
    big = c > 0.5
    c[big] = vals
    return a, m, c
