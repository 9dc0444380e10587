"""Constants of NumPy's float32 and complex64 scalar types hold float32 values: rounded
where they are made, so folding them (float(), int(), np.arange's bounds and step) and
promoting them to float64 give NumPy's values (float(np.float32(0.1)) is
0.10000000149011612; np.float32(1e40) is inf)."""
import numpy as np

C = np.float32(0.1)


# npc export float32_constants(float64[:])
def float32_constants(x):
    a = float(np.float32(0.1))
    b = int(np.float32(16777217.0))
    c = float(np.float32(1e40))
    e = np.arange(0.0, 0.5, np.float32(0.1))
    return (a, b, c, e, float(C), np.arange(0, 1, C), x + np.float32(0.1),
            x * np.complex64(0.1 + 0.2j), np.float32(-1e40) * 1.0)
