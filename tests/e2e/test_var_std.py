"""kernels/var_std.py: np.var/np.std with axis, keepdims, ddof and dtype: NumPy's dtypes
(float32 stays float32, ints and bools give float64) and values, empty axes (NaN) and
ddof at least the count (inf/NaN)."""

import numpy as np
import pytest

KERNEL = "var_std.py"


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int16, np.bool_])
@pytest.mark.parametrize("shape", [(4, 5), (1, 1), (3, 1), (17, 9)])
def test_random(kernel, dtype, shape):
    rng = np.random.default_rng(shape[0] * 31 + shape[1])
    x = rng.normal(3, 2, size=shape) * (10 if dtype == np.int16 else 1)
    kernel.check(x.astype(dtype), rtol={np.float32: 1e-4}.get(dtype))


def test_dtypes(kernel):
    results = kernel.check(np.ones((3, 4), np.float32))
    assert [r.dtype for r in results[:6]] == [np.float32] * 6
    assert results[6].dtype == np.float64 and results[7].dtype == np.float32
    assert kernel.check(np.ones((3, 4), np.int16))[0].dtype == np.float64


def test_large_offset_float32(kernel):
    # Two passes (mean, then squared deviations) keep the variance accurate.
    rng = np.random.default_rng(3)
    x = (1000 + rng.normal(size=(200, 50))).astype(np.float32)
    kernel.check(x, rtol=1e-4)


@pytest.mark.parametrize("shape", [(0, 3), (3, 0)])
def test_empty(kernel, shape):
    kernel.check(np.ones(shape))
