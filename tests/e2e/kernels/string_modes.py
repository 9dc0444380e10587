"""String parameters that select a code path (`mode="l2"`), compared with == and != at
compile time, in helpers and in the exported function (a default left out of the
signature)."""
import numpy as np


def norm(x, mode="l2"):
    if mode == "l2":
        return np.sqrt((x * x).sum())
    elif mode != "max":
        return np.abs(x).sum()
    return np.abs(x).max()


def scaled(x, how):
    return x / norm(x, how) if how == "max" or how == "l1" else x / norm(x)


# npc export string_modes(float64[:])
def string_modes(x, kind="l1"):
    return norm(x), norm(x, "max"), norm(x, mode=kind), scaled(x, "max"), scaled(x, "l2")
