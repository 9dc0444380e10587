"""Python ints are int64 in npc and unbounded in Python: an operator on Python ints only
the run time knows whose value leaves int64 raises OverflowError where it runs (in the
branch taken, on the loop iteration that overflows) instead of giving a wrapped value,
and a negative shift count raises Python's ValueError. Values that fit are Python's
exactly, at int64's limits too. The OverflowError quotes the expression (`k * m`)."""
import numpy as np


# npc export python_int_overflow(int, int, int)
def python_int_overflow(mode, k, m):
    r = 0
    if mode == 0:
        r = k * m
    elif mode == 1:
        r = k + m
    elif mode == 2:
        r = k - m
    elif mode == 3:
        r = k // m if m != 0 else 0
    elif mode == 4:
        r = k << m
    elif mode == 5:
        r = k >> m
    elif mode == 6:
        r = k ** m
    elif mode == 7:
        r = -k + m
    elif mode == 8:
        r = abs(k) - m
    elif mode == 9:
        r = 3 * k + 1
    elif mode == 10:
        r = 5 - k * 2
    elif mode == 11:
        r = k << 3
    elif mode == 12:
        r = k ** 2
    elif mode == 13:
        r = k // -1
    elif mode == 14:
        r = 1
        for _ in range(m):
            r *= k
    elif mode == 15:
        r = (k * m if m < 0 else m) + int(np.sum(np.arange(3)) * k)
    elif mode == 16:  # the error quotes the source: "2" must be escaped in C++
        r = k * int(float("2"))
    return r
