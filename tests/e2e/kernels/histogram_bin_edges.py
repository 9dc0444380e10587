"""np.histogram_bin_edges: the edges np.histogram counts in (the data's range or a given
one, widened when empty or constant; a literal or run-time number of bins; float32 data
keeping float32 edges, integer data float64 edges; edges given as an array, checked to
increase)."""
import numpy as np


# npc export f(float64[:], float32[:, :], int32[:], int64, float64[:])
def f(x, y, k, n, edges):
    return (np.histogram_bin_edges(x), np.histogram_bin_edges(y, bins=7),
            np.histogram_bin_edges(k, bins=n), np.histogram_bin_edges(x, 5, range=(-1.0, 1.0)),
            np.histogram_bin_edges(y, bins=4, range=(0, 1)), np.histogram_bin_edges(x, edges),
            np.histogram_bin_edges(k, [1, 2, 4]))
