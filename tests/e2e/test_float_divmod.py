"""kernels/float_divmod.py: floored // and % on floats, like NumPy's floor_divide and
remainder: zero divisors, signed zeros, infinities and NaN."""

import numpy as np
import pytest

KERNEL = "float_divmod.py"

SPECIAL = [-7.5, -3.0, -1.0, -0.0, 0.0, 0.5, 2.0, 5.5, 1e30, np.inf, -np.inf, np.nan]


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_special_values(kernel, dtype):
    x, y = (g.ravel().astype(dtype) for g in np.meshgrid(SPECIAL, SPECIAL))
    kernel.check(x, y)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_sign_of_zero_results(kernel, dtype):
    # remainder's result has the divisor's sign, also when it is zero; floor_divide of
    # -0.0 by a positive is -0.0. assert_allclose cannot see signs of zeros.
    x = np.array([-4.0, 4.0, -0.0, 0.0, 6.0, -6.0], dtype)
    y = np.array([2.0, -2.0, 1.0, -1.0, 3.0, -3.0], dtype)
    results = kernel.check(x, y)
    for got, want in zip(results, kernel.numpy(x, y)):
        np.testing.assert_array_equal(np.signbit(got), np.signbit(want))


@pytest.mark.parametrize("shape", [(1,), (0,), (300,)])
def test_random(kernel, shape):
    rng = np.random.default_rng(11)
    kernel.check(rng.normal(scale=10, size=shape), rng.normal(scale=3, size=shape))


def test_float32_stays_float32(kernel):
    x = np.array([7.0, -7.0], np.float32)
    for r in kernel.check(x, np.array([2.0], np.float32)):
        assert r.dtype == np.float32
