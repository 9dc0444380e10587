"""Python's int, float, bool, min and max and the math module on scalars: Python's
semantics (int() truncates, math.floor is an int, min/max keep the first of equal values
and a leading NaN) and NEP 50 weak results."""
import math
from math import floor, sqrt

import numpy as np


# npc export builtins_math(float64[:], int, int8[:])
def builtins_math(x, n, small):
    a = int(x[0])
    b = float(n) / 2
    c = bool(x[1])
    d = min(x[0], x[1], x[2])
    e = max(n, 3)
    f = min(x[3], x[4])
    g = max(x[3], x[4])
    h = math.sqrt(abs(x[0])) + sqrt(2)
    i = floor(x[0]) + math.ceil(x[1]) + math.trunc(x[2])
    j = math.exp(x[1]) + math.log(abs(x[1]) + 1) + math.log2(8) + math.log10(n + 1)
    k = math.sin(x[0]) + math.cos(x[1]) + math.tan(x[2]) + math.atan2(x[0], x[1])
    m = math.hypot(x[0], x[1]) + math.fabs(x[2]) + math.pi * 2 + math.e + math.log(8, 2)
    p = math.isnan(x[3]), math.isinf(x[4]), math.isfinite(x[3])
    q = small * int(n)
    r = small + max(1, 2)
    s = min((n, 4, -2)) + float('inf') * 0 + float("-inf")
    t = int(n > 2) + int(True) + max(x[0], 1.0)
    return a, b, c, d, e, f, g, h, i, j, k, m, p[0], p[1], p[2], q, r, s, t
