"""np.expand_dims (int, negative and tuple axes), np.squeeze (all constant size-1 axes, or
one given axis: checked at compile time or, for run-time extents, on entry) and
np.broadcast_to (to constant and run-time extents; run-time extents checked)."""
import numpy as np


# npc export size_one_axes(float64[:], int16[1,:], float64[:,:], float64[:,:])
def size_one_axes(v, r, c, b):
    return (np.expand_dims(v, 0), np.expand_dims(v, axis=1), np.expand_dims(v, (0, 2)),
            np.expand_dims(v, -1), np.expand_dims(r, (-1, 0)), np.squeeze(r), np.squeeze(r, axis=0),
            r.squeeze(), np.squeeze(c, axis=1), np.squeeze(np.expand_dims(v, 1)),
            np.broadcast_to(v, (3, v.shape[0])), np.broadcast_to(r, (2, 4, r.shape[1])),
            np.broadcast_to(b, (3, b.shape[1])), np.broadcast_to(v[0], (2, 2)),
            np.broadcast_to(v, v.shape) * 2)
