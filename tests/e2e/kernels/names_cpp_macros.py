"""Python names that are macros of the C/C++ standard headers the generated code includes."""
import numpy as np


# npc export names_cpp_macros(float64[:])
def names_cpp_macros(x):
    EOF = x + 1
    INT_MAX = EOF * 2
    INT64_MAX = INT_MAX - 1
    SIZE_MAX = INT64_MAX / 2
    RAND_MAX = SIZE_MAX + 3
    EXIT_FAILURE = RAND_MAX * 2
    M_PI = EXIT_FAILURE - 1
    return M_PI, EOF
