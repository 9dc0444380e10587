"""An f-string raise message formatting values the CUDA target computes on the device (an
element, a sum) and an argument."""
import numpy as np


# npc export raise_device_values(int64[:], int)
def raise_device_values(a, k):
    if k == 0:
        raise ValueError(f"first {a[0]}, sum {a.sum()}, k {k}, positive {a.sum() > 0}")
    return a * k
