# Constant extents that cannot broadcast are compile-time errors with NumPy's wording.
# RUN: %not %npc transpile %s -o %t 2> %t.err
# RUN: %FileCheck %s < %t.err
import numpy as np

# npc export f(float64[3], float64[4])
def f(a, b):
    return a + b

# CHECK: diagnostic_broadcast.py:8:12: error: operands could not be broadcast together with shapes (3,) (4,)
# CHECK-NEXT: {{^}}    return a + b
# CHECK-NEXT: {{^}}           ^~~~~
