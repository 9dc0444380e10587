"""Accumulator dtypes of sum/prod/mean/cumsum/cumprod without and with dtype= (NumPy
scalar types and the builtins float, int, bool)."""
import numpy as np


# npc export reduce_dtypes(int8[:,:])
# npc export reduce_dtypes(uint8[:,:])
# npc export reduce_dtypes(bool[:,:])
# npc export reduce_dtypes(int32[:,:])
# npc export reduce_dtypes(float32[:,:])
def reduce_dtypes(x):
    return (np.sum(x), x.sum(axis=0), np.prod(x, axis=1), np.mean(x), x.mean(axis=1),
            np.sum(x, dtype=np.float32), np.sum(x, axis=0, dtype=np.int8), x.prod(dtype=float),
            np.mean(x, dtype=np.float32), x.mean(axis=0, dtype=np.float64), np.sum(x, dtype=int),
            np.sum(x, axis=1, dtype=bool), np.cumsum(x, dtype=np.int16),
            x.cumprod(axis=0, dtype=np.float64), np.mean(x, axis=0, dtype="float64"),
            x.sum(axis=1, dtype=np.intc), np.cumsum(x, axis=1, dtype="float"))
