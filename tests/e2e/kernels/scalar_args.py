"""Python int/float arguments are weak scalars: float32 arrays stay float32."""
import numpy as np


# npc export scalar_args(float32[:], int, float)
# npc export scalar_args(float64[:], int, float)
def scalar_args(x, n, s):
    return x * n + s, x ** n, x / s, n * s, n // 2, x > s
