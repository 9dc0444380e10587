"""NumPy 2 allows comparing an integer array with a Python int outside its dtype's range
(NEP 50 errors only for arithmetic): uint8 > -1 is all True, uint8 == 300 all False."""
import numpy as np


# npc export compare_out_of_range(uint8[:])
def compare_out_of_range(c):
    return c > -1, c == 300
