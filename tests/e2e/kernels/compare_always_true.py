"""Comparisons that are always true or false for the dtype (uint8 <= 255, uint8 >= 0,
int8 < 128): the emitted C++ must still build with -Wextra -Werror (-Wtype-limits)."""
import numpy as np


# npc export compare_always_true(uint8[:], int8[:])
def compare_always_true(c, a):
    return c <= 255, c >= 0, a > -129 + 1, a < 127, c + 1, a - 1
