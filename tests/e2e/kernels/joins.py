"""Joining arrays: np.concatenate along either axis and with axis=None, np.stack with
positive and negative axes, np.hstack and np.vstack of 1-D and 2-D parts, computed parts
(reductions, expressions), lists as well as tuples, and NEP 50 promotion of the parts'
dtypes."""
import numpy as np


# npc export joins(float64[:,:], float64[:,:], int32[:], uint8[:])
def joins(a, b, v, u):
    return (np.concatenate((a, b)), np.concatenate((a, a * 2), axis=1),
            np.concatenate((a, b), axis=None), np.concatenate((v, a[:, 0])),
            np.concatenate((v, u)), np.concatenate((u, u, u)), np.stack((v, v)),
            np.stack((v, v + 1), axis=1), np.stack((a, a), axis=-1), np.hstack((v, u)),
            np.hstack((a, a)), np.vstack((v, v)), np.vstack((a, b)),
            np.concatenate((a.sum(axis=1), v)), np.concatenate((a[::-1], b[:1]), axis=0),
            np.concatenate((a, b), axis=-2).sum(axis=0), np.concatenate((v[:0], v)),
            np.concatenate([a, b]), np.stack([v, u], axis=-1))
