"""Comparisons across kinds: int64 with a float literal, int64 with float32 (compared as
float64), uint8 with a Python int."""
import numpy as np


# npc export compare(int64[:], float32[:], uint8[:])
def compare(a, x, c):
    return a < 2.5, a == x, c > 1, a != 3, c <= 254, x >= a, c == 0
