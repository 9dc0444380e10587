"""Creation functions without a dtype: float64 as in NumPy, or float32 when transpiled
with `--default-float float32` (default_float_reference spells that out)."""
import numpy as np


# npc export default_float(float32[:], int)
def default_float(x, n):
    a = np.zeros(n)
    b = np.ones((2, 3))
    c = np.full(n, 0.5)
    d = np.arange(0.5, 3)
    e = np.linspace(0, 1, 7)
    f = np.eye(3)
    g = np.identity(n)
    h = np.array([1.5, 2.0])
    k = np.zeros(n) + x[0]
    m = np.arange(n)
    p = np.zeros(n, dtype=float)
    q = np.empty(3, dtype=np.int32) * 0 + np.ones_like(x)
    return a, b, c, d, e, f, g, h, k, m, p, q


def default_float_reference(x, n):
    """default_float with float32 written out: what `--default-float float32` gives."""
    f32 = np.float32
    a = np.zeros(n, f32)
    b = np.ones((2, 3), f32)
    c = np.full(n, 0.5, f32)
    d = np.arange(0.5, 3, dtype=f32)
    e = np.linspace(f32(0), f32(1), 7)
    f = np.eye(3, dtype=f32)
    g = np.identity(n, dtype=f32)
    h = np.array([1.5, 2.0], f32)
    k = np.zeros(n, f32) + x[0]
    m = np.arange(n)
    p = np.zeros(n, dtype=float)
    q = np.empty(3, dtype=np.int32) * 0 + np.ones_like(x)
    return a, b, c, d, e, f, g, h, k, m, p, q
