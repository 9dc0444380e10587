"""Loops that choose between values by comparing their index with a bound: the parts
of np.concatenate (1-D, along rows, along columns, empty parts), and np.where on
np.arange compared with a run-time bound (below 0, inside, beyond the end), rotations
(`x[k:]` joined with `x[:k]`, as long as `x`); npc splits such loops at the bound
(ir/passes/SplitLoops.cpp)."""
import numpy as np


# npc export split_loops(float64[:], float64[:], float64[:,:], int)
# npc export split_loops(float32[:], float32[:], float32[:,:], int)
def split_loops(a, b, m, k):
    c = np.concatenate((a, b, a)) * 2.0
    d = np.concatenate((m, m[:1]), axis=0) + 1
    e = np.concatenate((m, -m, m[:, :1]), axis=1) * 0.5
    f = np.where(np.arange(a.shape[0]) < k, a, -a)
    g = np.where(np.arange(2, a.shape[0] + 2) < k, a, 0.0)
    h = np.where(k > np.arange(a.shape[0]), 1, 2)
    s = np.concatenate((a, b)).sum()
    r = np.concatenate((a[2:], a[:2])) - a  # rotations: as long as `a`
    q = np.concatenate((a[-1:], a[:-1])) * a
    return c, d, e, f, g, h, s, r, q
