"""A for loop's counter after the loop: the last value it took, or, when the loop does
not run, the value the name had before it (Python's rule), also in helpers; a counter
of a loop in one branch, used again by a later loop."""
import numpy as np


def last_index(n):
    i = -1
    for i in range(n):
        pass
    return i


# npc export loop_counters(int, int, int)
def loop_counters(a, b, c):
    i = -7
    for i in range(a, b, c):
        pass
    j = 5
    j = j + a
    for j in range(b):
        j += 1
    k = 2 * a
    for k in range(c, 0):
        pass
    r = 0
    if a == 1:
        for m in range(b):
            r = 2
    for m in range(b):
        r += m
    return i, j, k, last_index(a), last_index(0), last_index(b + 2), r
