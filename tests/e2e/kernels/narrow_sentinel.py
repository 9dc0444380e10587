"""A Python int a loop then replaces by elements of a narrower integer array: the
variable takes the array's dtype (one dtype per variable), so the int must fit it."""
import numpy as np


# npc export f(int8[:], int)
def f(a, start):
    best = start
    for i in range(a.shape[0]):
        if a[i] < best:
            best = a[i]
    return best
