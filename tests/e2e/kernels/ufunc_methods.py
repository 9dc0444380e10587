import numpy as np


# npc export ufunc_methods(float64[:,:], int8[:], bool[:], float32[:])
def ufunc_methods(m, k, b, y):
    # ufunc.accumulate and ufunc.reduce: axis 0 unless given; add/multiply upcast small
    # ints as np.cumsum / np.sum do, maximum/minimum keep the dtype and propagate NaN.
    accumulated = (np.maximum.accumulate(m), np.maximum.accumulate(m, axis=1),
                   np.minimum.accumulate(m, axis=-1), np.maximum.accumulate(k),
                   np.minimum.accumulate(b), np.maximum.accumulate(b), np.maximum.accumulate(y),
                   np.add.accumulate(k), np.multiply.accumulate(m, axis=1),
                   np.add.accumulate(y, dtype=np.float64))
    reduced = (np.add.reduce(m), np.add.reduce(k), np.multiply.reduce(m, axis=1),
               np.maximum.reduce(m, axis=None), np.minimum.reduce(k),
               np.logical_and.reduce(b), np.logical_or.reduce(m, axis=1),
               np.add.reduce(m, keepdims=True))
    drawdown = np.maximum.accumulate(y) - y  # a running peak minus the value
    return accumulated + reduced + (drawdown,)
