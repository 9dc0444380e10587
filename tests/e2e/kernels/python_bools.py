"""Python bools (literals, `bool` arguments, comparisons of Python numbers) in Python's
arithmetic, where a bool is an int (True + True is 2); NumPy's bools (array elements,
ufunc calls such as np.add, np.less) keep NumPy's bool rules (np.True_ + np.True_ is True).
Chained comparisons of Python numbers, `not`, bool() and math.isnan give Python bools;
`and`, `or`, `a if c else b`, min() and max() of Python bools too, of NumPy bools NumPy
bools. range() takes Python bools as ints."""
import math

import numpy as np


# npc export python_bools(int, float, bool, bool[:])
def python_bools(n, x, flag, b):
    t = True
    t += True
    s = 0
    for i in range(n > 3, n + flag, True):  # a Python bool is an int to range() too
        s += i
    return (s, (n > 3) + (x < 0), abs(n > 3), t, (n > 3) // (x < 0) * n, (n > 3) - (n > 5),
            -(x < 0), ~flag, +flag, flag * 3 + flag, True + True, (n > 3) & (x < 0),
            np.add(n > 3, x < 0), b[0] + b[1], flag + b, (n > 3) + 0.5, (n > 3 > 2) + True,
            (not flag) + True, (not flag) - True, bool(x) + bool(n), math.isnan(x) + 1,
            np.less(n, 5) + True, ((n > 3) and flag) + True, ((n > 5) or flag) + True,
            ((n > 3) if flag else (x < 0)) + True, min(n > 3, flag, True) + True,
            max(flag, x < 0) + True, min(True, False) + True, (b[0] and b[1]) + True)
