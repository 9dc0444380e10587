"""A variable rebound in a loop to a reversed copy of itself keeps its shape
(`x[::-1]` has x's length), so the loop compiles and runs as in NumPy."""
import numpy as np


# npc export loop_reverse(float64[:], int)
def loop_reverse(u, n):
    x = u * 1.0
    for _ in range(n):
        x = x[::-1] + 1
    return x
