"""np.reciprocal of floats (float64, float32: zeros of both signs, subnormals whose
reciprocal overflows, infinities, NaN) and of integers, which keep their dtype (bool
becomes int8): 1 and -1 give themselves, the others 0, and 0 gives what NumPy's
conversion of 1.0/0 gives on x86-64 (the minimum of int32 and int64, 0 otherwise);
Python numbers too."""
import numpy as np


# npc export f(float64[:], float32[:], int8[:], uint8[:], int16[:], uint16[:], int32[:], uint32[:], int64[:], uint64[:], bool[:])
def f(x, y, i8, u8, i16, u16, i32, u32, i64, u64, b):
    return (np.reciprocal(x), np.reciprocal(y), np.reciprocal(i8), np.reciprocal(u8),
            np.reciprocal(i16), np.reciprocal(u16), np.reciprocal(i32), np.reciprocal(u32),
            np.reciprocal(i64), np.reciprocal(u64), np.reciprocal(b), np.reciprocal(4.0),
            np.reciprocal(-1), np.reciprocal(x[::-1] * 2))
