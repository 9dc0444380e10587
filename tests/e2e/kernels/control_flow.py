"""Python control flow on scalars: for over range (start/stop/step, negative and run-time
steps), while, if/elif/else, break, continue, conditional expressions and and/or that
evaluate only what Python evaluates, not, chained comparisons, a Python int accumulator
that becomes float."""
import numpy as np


# npc export control_flow(float64[:], int, int, int)
def control_flow(x, start, stop, step):
    total = 0
    count = 0
    for i in range(start, stop, step):
        if i < 0 or i >= len(x):
            continue
        v = x[i]
        if v > 5.0:
            total += v * 2
        elif v < -5.0:
            total -= 1
        else:
            total += v
        count += 1
        if count > 6:
            break
    k = 0
    prod = 1.0
    while k < 5 and k < x.shape[0]:
        prod = prod * (x[k] if 0.0 < x[k] < 10.0 else 1.0)
        k += 1
    flag = not (count > 3)
    # Only the branch taken is evaluated: x[stop] would raise IndexError otherwise.
    last = x[stop] if 0 <= stop < len(x) else -1.0
    inside = stop >= 0 and stop < len(x) and x[stop] > 0
    for j in range(3):
        for m in range(j, 4, 2):
            k = k + j * m
    return total, count, prod, k, flag, last, inside
