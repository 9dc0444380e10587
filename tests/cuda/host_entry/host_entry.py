"""Host entry points of the CUDA target called as a program would call them, with
arguments that share memory and with IndexErrors (see tests/e2e/test_cuda_host_entry.py,
which runs host_entry_test.cpp on npc's CPU emulation of CUDA)."""
import numpy as np


# npc export update_both(float64[:], float64[:], int64[:])
def update_both(a, b, i):
    a += 1.0
    b *= 2.0
    a[i] = 5.0
    return np.sum(a) + np.sum(b)


# npc export gather(float64[:], int64[:])
def gather(v, i):
    return v[i] * 2.0


# npc export gather_rows(float64[:,:], int64[:])
def gather_rows(m, i):
    return m[i]


# npc export arg_extremes(float64[:], int32[:])
def arg_extremes(x, i):
    return np.argmin(x), np.argmax(x), np.argmin(i), np.argmax(i)
