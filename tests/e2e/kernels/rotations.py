"""Rotations by a run-time shift: `np.concatenate((v[k:], v[:k]))` is as long as `v` for
every int k (Python clamps both slices alike), so a loop may rebind `v` to it and
combine it with `v`."""
import numpy as np


# npc export rotations(float64[:], int, int)
def rotations(v, k, steps):
    for _ in range(steps):
        v = np.concatenate((v[k:], v[:k])) + 0.5 * v
    return v, np.concatenate((v[-k:], v[:-k])) * v
