"""Python numbers among the parts of np.hstack, np.vstack and np.stack: NumPy makes each
part an array first, so a Python int is an int64 array and a float a float64 one, not
weak scalars (np.hstack((int8_array, 300)) is int64). np.concatenate with axis=None takes
them as weak in the result's dtype, and casts their arrays to it
(np.concatenate((int8_array, 300), axis=None) is int8, with 44)."""
import numpy as np


# npc export join_scalars(int8[:], float32[:], float, int)
def join_scalars(k, s, x, n):
    return (np.hstack((k, 1)), np.hstack((s, 2.5)), np.hstack((k, n)), np.hstack((s, x)),
            np.stack((s[0], 2.5)), np.vstack((s, x)), np.stack((k[0], n)),
            np.hstack((s, np.float32(x))), np.hstack((k, 300)), np.hstack((k, True)),
            np.concatenate((k, 300), axis=None), np.concatenate((s, n), axis=None),
            np.concatenate((k, x), axis=None), np.concatenate((k, -n, 1), axis=None),
            np.concatenate((n, x), axis=None), np.concatenate((k > 1, 2), axis=None),
            np.concatenate((k, 300), axis=None).astype(np.int16),
            np.concatenate((k.astype(np.uint8), -1), axis=None) * 1.0)
