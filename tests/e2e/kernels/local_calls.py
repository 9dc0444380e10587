"""Calls of other functions of the file (inlined, typed from the call site): helpers with
statements, module constants, keyword arguments, helpers that update an array in place
and helpers calling helpers."""
import numpy as np

SCALE = 2.0


def norm2(v):
    return np.sqrt(np.sum(v * v))


def scaled_norm(v, factor):
    return norm2(v) * factor


def damp(a, factor):
    a *= factor


def smooth(u, c):
    for i in range(1, u.shape[0]):
        u[i] += c * u[i - 1]
    return u.sum()


# npc export local_calls(float64[:], float64[:,:])
# npc export local_calls(float32[:], float32[:,:])
def local_calls(x, m):
    a = norm2(x)
    b = norm2(m[0]) + scaled_norm(m[:, 0], factor=SCALE)
    y = x * 1.0
    s = smooth(y, 0.5)
    t = smooth(x, 0.25)
    out = np.zeros(x.shape[0] + 1)
    out[1:] = x
    damp(out, factor=0.5)  # called for its in-place update
    return a, b, s, y, t, out
