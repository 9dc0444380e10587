import numpy as np


# npc export limits(float32[:], float64[:], int16[:], uint32[:])
def limits(x, y, k, u):
    f32 = np.finfo(x.dtype)
    f64 = np.finfo(float)
    # NEP 50: finfo's floats are NumPy scalars of their dtype (float64 eps makes x float64).
    scaled = x * f32.eps
    widened = x * f64.eps
    clipped = np.clip(k, np.iinfo(np.int8).min, np.iinfo(k.dtype).max - 1)
    safe = y / np.maximum(np.abs(y), f64.tiny)
    parts = np.zeros(2, dtype=np.finfo(np.complex64).dtype) + np.finfo("complex128").eps
    ints = (f32.bits, f32.precision, f32.nmant, f32.machep, f32.negep, f32.maxexp,
            f32.minexp, f32.iexp, f32.nexp, f64.bits, f64.precision, f64.nmant, f64.machep,
            f64.negep, f64.maxexp, f64.minexp, f64.iexp, f64.nexp,
            np.iinfo(k.dtype).bits, np.iinfo(u.dtype).max, np.iinfo(np.int64).min,
            np.iinfo(np.uint8).min, np.iinfo("int32").max)
    floats = (f32.eps, f32.epsneg, f32.max, f32.min, f32.tiny, f32.smallest_normal,
              f32.smallest_subnormal, f32.resolution, f64.eps, f64.epsneg, f64.max, f64.min,
              f64.tiny, f64.smallest_normal, f64.smallest_subnormal, f64.resolution)
    return (scaled, widened, clipped, safe, parts, u + np.iinfo(u.dtype).min) + ints + floats
