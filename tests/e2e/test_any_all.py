"""kernels/any_all.py: np.any/np.all (functions and methods) over every axis form, on
floats (NaN counts as true), ints and bools, including empty axes (False / True)."""

import numpy as np
import pytest

KERNEL = "any_all.py"


@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.bool_])
@pytest.mark.parametrize("shape", [(2, 3, 4), (1, 1, 1), (3, 5, 2)])
def test_random(kernel, dtype, shape):
    rng = np.random.default_rng(sum(shape))
    x = (rng.integers(0, 4, size=shape) > 0).astype(dtype)
    kernel.check(x)


@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.bool_])
def test_all_zero_and_all_one(kernel, dtype):
    kernel.check(np.zeros((2, 3, 2), dtype))
    kernel.check(np.ones((2, 3, 2), dtype))


def test_nan_is_true(kernel):
    x = np.zeros((2, 2, 2))
    x[1, 0, 1] = np.nan
    results = kernel.check(x)
    assert results[0]  # np.any(x)


@pytest.mark.parametrize("shape", [(0, 3, 2), (2, 0, 3), (2, 3, 0)])
def test_empty(kernel, shape):
    results = kernel.check(np.ones(shape))
    assert not results[0] and results[1]  # any: False, all: True
