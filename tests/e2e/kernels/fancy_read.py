"""Integer-array (advanced) indexing reads: one index array, several broadcast together,
mixed with slices and integers (adjacent and non-adjacent advanced indices), any int
dtype, negative indices, and gathered values fused into reductions."""
import numpy as np


# npc export fancy_read(float64[:,:], int64[:], int32[:], float64[:], float64[:,:,:])
def fancy_read(x, idx, j, v, t):
    return (v[idx], x[idx], x[idx, :], x[:, j], x[idx[:, None], j], x[1, j], x[idx, 1:3],
            (x * 2)[idx].sum(axis=0), v[j] + 1, np.mean(v[idx]), t[:, j, j], t[j, :, j],
            t[0, :, j], t[..., j], x[idx][::-1, 0], x[idx, -1])
