"""`for` loops over arrays (elements of a 1-D one, rows of a 2-D one, as views),
enumerate (with a start) and zip (the shortest length), evaluated once before the loop as
Python does."""
import numpy as np


# npc export f(float64[:], float64[:, :], int64[:])
def f(coeffs, X, idx):
    x = X[0, 0]
    p = 0.0
    for c in coeffs:          # Horner
        p = p * x + c
    total = 0.0
    for row in X:
        total += row.sum()
    s = 0
    for i, v in enumerate(idx):
        s += i * v
    t = 0
    for i, v in enumerate(idx, 1):
        t += i * v
    d = 0.0
    for a, b in zip(coeffs, X[:, 1]):
        d += a * b
    for row in X:
        row[0] = -row[0]      # rows are views
    last = -1
    for v in idx:
        last = v
    return p, total, s, t, d, X, last
