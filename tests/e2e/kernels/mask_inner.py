"""Boolean masks after other indices (NumPy's placement: the true positions' axis where
the mask stood when the mask and the integer indices are adjacent, else first): 1-D and
2-D masks after slices, integers, an ellipsis and newaxis; reduced and computed masks."""
import numpy as np


# npc export mask_inner(float64[:,:,:], bool[:], bool[:], bool[:,:])
def mask_inner(x, m, n, p):
    a = x[:, m]
    b = x[0, m]  # adjacent integer: in place (first)
    c = x[:, :, n]
    d = x[0, :, n]  # not adjacent: first
    e = x[..., n]
    g = x[:, m, 1]  # adjacent integer after the mask: in place
    h = x[:, m, 1:3]
    k = x[None, :, m]
    s = x[:, m].sum(axis=1)
    t = x[:, p]  # a 2-D mask over axes 1 and 2
    u = x[:, :, x[0, 0] > x[0, 0].mean()]  # a computed mask with a reduction
    return a, b, c, d, e, g, h, k, s, t, u
