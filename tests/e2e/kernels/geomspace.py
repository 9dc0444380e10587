"""np.geomspace: literal and run-time ends of either sign, num and endpoint, dtype."""
import numpy as np


# npc export f(float64, float64, int64)
def f(a, b, n):
    return (np.geomspace(1, 1000, 4), np.geomspace(-1, -1000, 4), np.geomspace(a, b, n),
            np.geomspace(1, 8, 4, dtype=np.int32), np.geomspace(2, 10, 3, endpoint=False),
            np.geomspace(a, b, n, endpoint=False), np.geomspace(1, 256, num=9),
            np.geomspace(np.float32(a), np.float32(b), 5, dtype=np.float32))
