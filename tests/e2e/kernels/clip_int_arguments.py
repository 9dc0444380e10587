"""np.clip with `int` arguments as bounds of integer arrays, as NumPy 2 does at run time: a
bound beyond the dtype's range on its open side (a_min below it, a_max above it) is left
out; one beyond the other side raises OverflowError. The same for a bound computed from
one (`lo + 1`). `s == s` of integers is folded (g++ warns about it written out)."""
import numpy as np


# npc export clip_int_arguments(uint8[:], int8[:], int, int)
def clip_int_arguments(u, s, lo, hi):
    return (np.clip(s, lo, hi), np.clip(s, None, hi), np.clip(u, lo, None), np.clip(u, lo, hi),
            np.clip(s, lo + 1, hi), np.sum(s == s))
