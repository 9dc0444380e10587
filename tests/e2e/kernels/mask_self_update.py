"""Updates of a masked array from its own masked elements, the mask a name computed from
another array (`m = x < 0; v[m] = -v[m]`): element by element in place, as NumPy gives."""
import numpy as np


# npc export mask_self_update(float64[:], float64[:], float64[:, :])
def mask_self_update(x, v, a):
    m = x < 0
    v[m] = -v[m]
    v[m] = np.sqrt(v[m]) * 2 + v[m]
    v[m] += v[m]
    rows = a[:, 0] > 0.5
    a[rows] = a[rows] * 0.5  # whole rows
    inside = a > 0.25
    a[inside] = np.where(a[inside] > 0.4, a[inside], 0.0)
    return v, a
