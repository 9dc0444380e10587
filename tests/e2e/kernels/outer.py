"""None / np.newaxis broadcasting: outer products and differences, and reductions over
arrays with added size-1 axes (results of constant extent 1)."""
import numpy as np


# npc export outer(float64[:], float64[:])
def outer(a, b):
    return (a[:, None] * b[None, :], a[:, None] - b, (a[None] + b[:, None])[None, :, :],
            a[:, np.newaxis] - b[np.newaxis, :], a[None, :].sum(axis=1),
            a[None, :, None].sum(axis=1), a[:, None].prod(axis=0))
