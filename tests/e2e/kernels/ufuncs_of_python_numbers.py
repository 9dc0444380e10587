"""NumPy's ufuncs called on Python numbers return NumPy scalars, not Python numbers: they
are strong under NEP 50 (np.add(x, n) * float32_array is float64), have ndarray methods
(np.add(x, n).mean()), and divide as NumPy's scalars do (np.add(n, 0) // 0 is 0, no
ZeroDivisionError)."""
import numpy as np


# npc export ufuncs_of_python_numbers(int, int, float, float32[:])
def ufuncs_of_python_numbers(n, m, x, a):
    with_zero = np.add(n, 0) // m
    return (np.add(x, n).mean(), np.add(x, n) * np.ones(2, np.float32), np.negative(n) * a,
            np.square(n) * np.int8(1), np.maximum(x, 1.0) / m, with_zero)
