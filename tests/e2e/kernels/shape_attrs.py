"""The shape attributes and len(): `x.shape` as a tuple of Python ints (unpacked, indexed
from either end), `len`, `size`, `ndim`; extents stay weak ints in arithmetic (NEP 50);
`a.dtype` as a dtype argument."""
import numpy as np


# npc export shape_attrs(float64[:,:], float32[:])
def shape_attrs(x, v):
    n, m = x.shape
    return (x.shape[0], x.shape[-1], n * m, len(x), len(v), x.size, v * v.shape[0],
            x * len(x), x.ndim + len(x.shape), v / v.size, v.shape[-1] - m,
            np.zeros(len(v), dtype=v.dtype), x.astype(v.dtype), np.ones(x.shape, dtype=x.dtype))
