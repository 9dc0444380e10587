"""kernels/ufuncs.py and kernels/int_ufuncs.py: elementwise math with NaN, infinities,
negative inputs; abs/minimum/maximum of ints."""

import numpy as np
import pytest

KERNEL = "ufuncs.py"

SPECIAL = [-np.inf, -2.5, -1.0, -0.0, 0.0, 1e-30, 0.5, 1.0, 2.0, 80.0, 1e30, np.inf, np.nan]


def test_special_values(kernel):
    x = np.array(SPECIAL, np.float32)
    y = np.array(SPECIAL[::-1], np.float64)
    results = kernel.check(x, y)
    assert [r.dtype for r in results] == [np.float32, np.float64, np.float32, np.float64,
                                          np.float32, np.float64, np.float64, np.float32,
                                          np.float64]


@pytest.mark.parametrize("n", [1, 0, 1001])
def test_random(kernel, n):
    rng = np.random.default_rng(n)
    kernel.check(rng.uniform(0, 20, n).astype(np.float32), rng.normal(scale=10, size=n))


def test_y_broadcasts(kernel):
    kernel.check(np.array([1.0, 4.0, 9.0], np.float32), np.array([-3.0]))


def test_int_ufuncs(kernels):
    k = kernels("int_ufuncs.py")
    a = np.arange(-128, 128, dtype=np.int8)
    b = np.arange(256, dtype=np.uint8)
    c = np.array([-32768, -1, 0, 4, 32767], np.int16)
    abs_a, *_ = k.check(a, b, c)
    assert abs_a[0] == -128
    k.check(np.zeros(0, np.int8), np.zeros(0, np.uint8), np.zeros(0, np.int16))
    k.check(np.array([-3], np.int8), np.array([200], np.uint8), np.array([9], np.int16))
    rng = np.random.default_rng(4)
    k.check(rng.integers(-128, 128, 21, dtype=np.int8), rng.integers(0, 256, 21, dtype=np.uint8),
            rng.integers(-30000, 30000, 21, dtype=np.int16))
