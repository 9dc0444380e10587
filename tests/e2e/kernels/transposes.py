"""Permutation views: .T, np.transpose with and without axes, the ndarray method in its
three spellings, np.swapaxes, np.moveaxis; of arguments, of computed values, and fused
with slicing and reductions, and
reshapes of 3-D arrays and their permutations (the flat-index path of reshape)."""
import numpy as np


# npc export transposes(float64[:,:], int32[:,:,:])
def transposes(x, t):
    return (x.T, np.transpose(x), x.transpose(), x.transpose(1, 0), x.transpose((1, 0)),
            np.transpose(t, (1, 2, 0)), np.transpose(t, axes=(2, 0, 1)), t.T,
            np.swapaxes(t, 0, 2), t.swapaxes(-1, 1), np.moveaxis(t, 0, -1),
            np.moveaxis(t, (0, 1), (2, 0)), x.T.T + x, (x * 2 + 1).T, np.sum(x.T, axis=1),
            x.T[1:, ::-1], t.transpose(2, 1, 0)[0], x.T - x.mean(axis=1),
            t.reshape(t.shape[2], t.shape[1], t.shape[0]), t.T.reshape(-1),
            t.reshape(-1, t.shape[2]), np.moveaxis(t, 0, 1).reshape(t.shape[1], -1))
