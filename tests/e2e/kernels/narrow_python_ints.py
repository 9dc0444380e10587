"""Python ints converted from narrower integer elements (int(a[0]) of an int32 array):
npc leaves out the overflow checks their range makes impossible, which g++ -Werror
rejected as comparisons that are always false (-Wtype-limits)."""
import numpy as np


# npc export narrow_python_ints(int32[:], uint8[:], uint32[:], int16[:])
def narrow_python_ints(a, b, c, d):
    i = int(a[0])
    u = int(b[0])
    w = int(c[0])
    h = int(d[0])
    return (i + 1, i - 1, 1 - u, i + u, w - i, h + h, i * 3, u * a.shape[0], i * u, -i, -u,
            abs(h), i // -1, w // h, i << 2, w << 31, u >> 3, i >> u, h << u, w * w * w)
