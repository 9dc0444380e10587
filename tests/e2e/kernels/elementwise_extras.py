"""np.fabs, np.positive, np.fix, np.sinc, np.isposinf, np.isneginf, np.isreal, np.iscomplex,
and the descriptions np.ndim, np.shape, np.size, np.iscomplexobj, np.isrealobj,
np.broadcast_arrays."""
import numpy as np


# npc export f(float64[:], float32[:, :], int16[:], complex128[:], bool[:])
def f(x, m, i, z, b):
    n, k = np.shape(m)
    p, q = np.broadcast_arrays(x, m[:1, :1])
    r, s, t = np.broadcast_arrays(i[:, np.newaxis], b, 2.5)
    return (np.fabs(x), np.fabs(i), np.positive(m), np.positive(i), np.fix(x), np.fix(m),
            np.fix(i), np.fix(b), np.sinc(x), np.sinc(m), np.sinc(i), np.isposinf(x),
            np.isneginf(m), np.isposinf(i), np.isreal(z), np.isreal(x), np.iscomplex(z),
            np.iscomplex(m), np.ndim(m), np.ndim(3.0), n, k, np.size(m), np.size(m, 1),
            np.size(x, axis=-1), np.iscomplexobj(z), np.iscomplexobj(x), np.isrealobj(i),
            p, q, r, s, t)
