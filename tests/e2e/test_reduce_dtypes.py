"""kernels/reduce_dtypes.py: NumPy's accumulator dtypes (sum of int8 and bool is int64, of
uint8 uint64, mean of ints float64, of float32 float32) and the dtype= argument of
sum/prod/mean/cumsum/cumprod (NumPy types, float/int/bool builtins, dtype strings)."""

import numpy as np
import pytest

KERNEL = "reduce_dtypes.py"


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.bool_, np.int32, np.float32])
@pytest.mark.parametrize("shape", [(3, 4), (1, 1), (6, 2)])
def test_values(kernel, dtype, shape):
    rng = np.random.default_rng(shape[0])
    x = rng.integers(-3, 4, size=shape)
    if dtype in (np.uint8, np.bool_):
        x = np.abs(x)
    kernel.check(x.astype(dtype))


def test_wrapping_int8_sum(kernel):
    # np.sum(x, axis=0, dtype=np.int8) wraps like NumPy's int8 accumulator.
    kernel.check(np.full((5, 3), 100, np.uint8))


def test_default_dtypes(kernel):
    expect = {np.int8: np.int64, np.uint8: np.uint64, np.bool_: np.int64, np.int32: np.int64,
              np.float32: np.float32}
    for dtype, acc in expect.items():
        results = kernel.check(np.ones((2, 2), dtype))
        assert results[0].dtype == acc and results[1].dtype == acc
        assert results[3].dtype == (np.float32 if dtype == np.float32 else np.float64)
