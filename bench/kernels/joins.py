"""Joined arrays in expressions (bench/samples_bench.py): np.concatenate of two arrays
scaled, and a periodic difference through a rotated copy (np.roll(x, -1) - x): NumPy
copies the parts into a new array first, npc reads each part where it lands."""
import numpy as np


# npc export joins(float64[:], float64[:])
def joins(x, y):
    return np.concatenate((x, y)) * 2.0 + 1.0, np.concatenate((x[1:], x[:1])) - x
