"""Integer arrays compared with a Python int only the run time knows: NumPy 2 compares
exactly whatever the int's value (an int8 array against 1000, a uint64 one against -1),
where casting the int to the array's dtype would raise OverflowError."""
import numpy as np


# npc export python_int_compare(int8[:], uint8[:], uint64[:], int32[:], int)
def python_int_compare(s, u, w, i, n):
    c = 0
    for k in range(s.shape[0]):
        if s[k] < n:
            c += 1
    return (c, s < n, s == n, n > s, u >= n, u != n, w < n, n <= w, w == n, i > n // 2,
            s[0] < n, s + 1 < n)
