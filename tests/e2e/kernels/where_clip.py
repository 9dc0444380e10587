"""np.where (promotion of x and y, broadcasting, truth values of a non-bool condition)
and np.clip (None bounds, NaN bounds, array bounds, Python ints outside int8's range, the
sign of a zero equal to a bound)."""
import numpy as np


# npc export where_clip(float64[:], float32[:], int8[:])
def where_clip(x, y, k):
    return (np.where(x > 0, x, y), np.where(k, x, 0), np.where(x > 0, k, 1),
            np.where(y > 0, y, 1.5), np.where(x[:, None] < x, k, -k),
            np.where(x <= 1, 1.0, 0.0), np.clip(x, -1.0, 1.0), np.clip(y, None, 0.5),
            np.clip(x, 0.25, None), np.clip(k, -1, 300), np.clip(k, 0.5, 2), np.clip(x, y, 1.0),
            np.clip(y, np.nan, 1.0), np.clip(x, 2.0, 1.0), np.clip(k, -300, 5),
            np.clip(k, None, 1000), np.clip(k, -1000, None), np.clip(x, None, 0.0),
            np.clip(x, -0.0, None))
