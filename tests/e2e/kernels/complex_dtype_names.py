"""The builtin `complex` and the name 'complex' as dtypes: complex128, as in NumPy."""
import numpy as np


# npc export complex_dtype_names(int8[:], float32[:])
def complex_dtype_names(a, b):
    return (a.astype(complex), np.zeros(2, dtype=complex), b.astype("complex"),
            np.asarray(a, complex) * 1j, b.sum(dtype=complex))
