"""A chained comparison `a < b < c` is `a < b and b < c` with b evaluated once: an operand
after a comparison that is False is not evaluated, so its errors (division by zero, an
index out of bounds) are not raised."""
import numpy as np


# npc export chained_compare_short_circuit(float64[:], int, int)
def chained_compare_short_circuit(x, n, m):
    inside = 0
    if 0 <= n < x.shape[0] > x[n]:
        inside = 1
    return 0 < n < 10 // m, inside, 1 < n <= m < 5, x[0] < n < m
