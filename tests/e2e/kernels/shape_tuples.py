import numpy as np


# npc export shape_tuples(float64[:,:,:], float32[:])
def shape_tuples(x, v):
    # Tuples and lists concatenated and sliced as Python does (literal bounds).
    a = np.zeros(x.shape + (2,), dtype=v.dtype)
    b = x.reshape((1,) + x.shape[1:] + x.shape[:1])
    c = np.array([1.0, 2.0] + [3.0] + [])
    d = np.ones(x.shape[::-1] + x.shape[5:] + x.shape[-2:-1], dtype=np.int32)
    h, w = (x.shape + (7,))[1::2]
    e = np.concatenate((v,) + (v * 2, v))
    f = np.full(x.shape[-1:0:-1], x.shape[-1])
    return a, b, c, d, h * w, e, f
