# Unsupported NumPy functions are located errors naming the function.
# RUN: %not %npc transpile %s -o %t 2> %t.err
# RUN: %FileCheck %s < %t.err
# RUN: test ! -e %t/diagnostic_unsupported.cpp
import numpy as np

# npc export f(float64[:])
def f(x):
    return np.fft.fft(x)

# CHECK: diagnostic_unsupported.py:9:12: error: np.fft is not supported by npc yet
# CHECK-NEXT: {{^}}    return np.fft.fft(x)
# CHECK-NEXT: {{^}}           ^~~~~~
