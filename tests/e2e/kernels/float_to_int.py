"""Float -> integer casts of NaN, infinities and out-of-range values (NumPy's x86-64
values, which C++'s static_cast leaves undefined), run-time and constant."""
import numpy as np


# npc export float_to_int(float64[:], float32[:], float64[:])
def float_to_int(x, y, z):
    return (x.astype(np.int8), x.astype(np.uint8), x.astype(np.int16), x.astype(np.uint16),
            x.astype(np.int32), x.astype(np.int64), x.astype(np.uint64), z.astype(np.uint32),
            y.astype(np.uint8), y.astype(np.int32), y.astype(np.uint64),
            np.full(3, -2.7, dtype=np.uint8), np.array([-2.7, 300.0, 1e300]).astype(np.int16),
            np.array([np.nan, -np.inf, 1e19, -1.0]).astype(np.uint64),
            (x + 0.5j).astype(np.uint8))
