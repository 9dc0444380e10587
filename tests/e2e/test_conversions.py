"""kernels/conversions.py (astype, np.asarray, copies, np.float32(x) ...) and
kernels/builtins_math.py (int float bool min max and math.* on scalars, Python's
semantics) against NumPy 2.x and Python."""

import numpy as np
import pytest


def test_conversions(kernels):
    # No NaN or out-of-range float -> int casts: their results are unspecified.
    x = np.array([-2.7, -0.5, 0.0, 0.5, 1.9, 300.25, -129.0])
    y = np.array([-1, 0, 1, 127, 128, 255, -300], np.int32)
    results = kernels("conversions.py").check(x, y)
    assert [r.dtype for r in results] == [
        np.int32, np.float64, np.uint8, np.bool_, np.int64, np.float64, np.float64,
        np.float32, np.int32, np.int8, np.float32, np.float32, np.bool_]


@pytest.mark.parametrize("x", [
    [2.5, -1.5, 0.25, np.nan, 1.0],
    [-3.75, 4.0, -0.0, 2.0, np.nan],
    [0.0, 0.0, 0.0, np.nan, np.nan],
    [7.0, 7.0, 1.0, 1.0, 1.0],
])
@pytest.mark.parametrize("n", [0, 3, 9])
def test_builtins_math(kernels, x, n):
    small = np.array([1, -2, 100], np.int8)
    results = kernels("builtins_math.py").check(np.array(x), n, small)
    # Python ints are int64, Python floats float64, weak ints keep int8 arrays int8.
    assert [r.dtype for r in results] == [
        np.int64, np.float64, np.bool_, np.float64, np.int64, np.float64, np.float64,
        np.float64, np.int64, np.float64, np.float64, np.float64, np.bool_, np.bool_,
        np.bool_, np.int8, np.int8, np.float64, np.float64]
