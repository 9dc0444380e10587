"""Default parameter values, keyword arguments and type annotations: helpers called with
positional, keyword and mixed arguments; an exported function whose last parameter has a
default value the export signature leaves out; annotations from typing and numpy.typing."""
from __future__ import annotations

from typing import Optional

import numpy as np
import numpy.typing as npt

OFFSET: float = 0.5


def scale(x, k=2.0):
    return x * k


def total(m, axis=0, keepdims=False):
    return m.sum(axis=axis, keepdims=keepdims)


def clamp(x: npt.NDArray[np.floating], lo: Optional[float] = None, hi=None) -> npt.ArrayLike:
    return np.clip(x, lo, hi)


def as_type(x, dtype="float32"):
    return x.astype(dtype)


def moved(m, axes=(1, 0)):
    return np.transpose(m, axes)


def norm(v: np.ndarray, p: int = 2) -> float:
    s: float = 0.0
    for i in range(v.shape[0]):
        s += abs(v[i]) ** p
    return s ** (1.0 / p)


# npc export local_defaults(float64[:], float64[:,:])
# npc export local_defaults(float32[:], float32[:,:], float)
def local_defaults(x: np.ndarray, m: np.ndarray, k: float = -1.5) -> tuple:
    a = scale(x)
    b = scale(x, 3)
    c = scale(k=0.25, x=x)
    d = scale(x, k=k)
    e = total(m)
    f = total(m, 1)
    g = total(m, axis=1, keepdims=True)
    h = total(m, keepdims=True)
    i = clamp(x, hi=OFFSET)
    j = clamp(x, -OFFSET)
    n = as_type(x)
    o = as_type(x, dtype="int32")
    p = moved(m)
    q = norm(x) + norm(x, 1) + norm(p=3, v=x)
    return a, b, c, d, e, f, g, h, i, j, n, o, p, q
