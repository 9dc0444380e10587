"""kernels/means.py: mean of ints is float64, of float32 float32 (five overloads)."""

import numpy as np
import pytest

KERNEL = "means.py"

DTYPES = [np.int32, np.uint8, np.int64, np.float32, np.float64]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 7), (1, 1), (3, 1), (40, 30)])
def test_dtypes(kernel, dtype, shape):
    rng = np.random.default_rng(3)
    x = rng.integers(0, 250, size=shape).astype(dtype)
    results = kernel.check(x)
    want = np.float32 if dtype == np.float32 else np.float64
    assert all(r.dtype == want for r in results)


@pytest.mark.parametrize("dtype", [np.int32, np.float32])
def test_empty_axis_gives_nan(kernel, dtype):
    # NumPy warns "Mean of empty slice" and returns NaN, it does not raise.
    kernel.check(np.zeros((0, 4), dtype))


def test_large_int64_does_not_overflow(kernel):
    # NumPy converts to float64 before summing: 4 * 2**62 must not wrap in int64.
    kernel.check(np.full((2, 2), 2**62, dtype=np.int64))


def test_negative_int32(kernel):
    kernel.check(np.array([[-(2**31), 2**31 - 1, -5], [-(2**31), -(2**31), 7]], np.int32))
