# Kernels that exercise every shape of the CUDA target's output: parallel maps, device
# reductions (+ and * on floats and ints), single-thread stages, device scalars read by
# later kernels, tuples, scalar arguments, slices, and non-finite literals.
# tests/cuda/compile.sh builds them with nvcc; tests/gpu/ runs them against NumPy.
import numpy as np


# npc export scale_shift(float64[:,:], float64, float64[:])
# npc export scale_shift(float32[:,:], float64, float32[:])
def scale_shift(x, alpha, shift):
    return x * alpha + shift


# npc export total(float64[:])
# npc export total(float32[:])
# npc export total(int32[:])
def total(x):
    return np.sum(x)


# npc export product(int64[:])
# npc export product(float64[:])
def product(x):
    return np.prod(x)


# npc export center(float64[:,:])
def center(x):
    return x - np.mean(x)


# npc export extremes(float32[:,:])
def extremes(x):
    return np.min(x), np.argmax(x[1:, ::-1]), x.size * 2


# npc export col_stats(float32[:,:], float64)
def col_stats(a, alpha):
    m = np.mean(a, axis=0)
    return a * alpha - m, np.max(a, axis=1)


# npc export non_finite(float64[:])
def non_finite(x):
    return np.maximum(x, np.nan), np.minimum(x * np.inf, x[-1])


# npc export row_norms(float64[:,:])
def row_norms(x):
    return np.linalg.norm(x, axis=1)


# npc export ramps(float64[:], int64)
def ramps(x, n):
    return (x * np.arange(x.shape[0]) + np.linspace(-1, 1, x.shape[0]),
            np.eye(n, k=1) + np.zeros((n, n)), np.array([x[0], 2.0]))
