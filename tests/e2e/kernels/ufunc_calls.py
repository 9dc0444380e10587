"""The arithmetic operators called as ufunc functions, with NEP 50 promotion."""
import numpy as np


# npc export ufunc_calls(int16[:], float32[:], int64[:])
def ufunc_calls(a, x, n):
    return (np.add(a, 1), np.subtract(x, a), np.multiply(a, a), np.true_divide(a, 4),
            np.divide(x, 2.0), np.power(x, 2.0), np.power(n, 3), np.absolute(a),
            np.negative(x))
