"""kernels/ufunc_methods.py: np.maximum.accumulate, np.minimum.accumulate (NaN propagating,
-0.0 kept), np.add/np.multiply.accumulate and the reduce methods of add, multiply, maximum,
minimum, logical_and, logical_or, with NumPy's default axis 0; NumPy's ValueError for the
reduction of an empty axis without identity."""

import numpy as np
import pytest


def arguments(rows, cols, seed):
    rng = np.random.default_rng(seed)
    m = rng.normal(size=(rows, cols))
    if m.size > 3:
        m.flat[[1, 3]] = [np.nan, -0.0]
    k = rng.integers(-128, 127, rows + 2).astype(np.int8)
    b = rng.random(cols) > 0.5
    y = rng.normal(size=rows + 1).astype(np.float32)
    if y.size > 2:
        y[2] = np.nan
    return m, k, b, y


@pytest.mark.parametrize("rows,cols", [(3, 4), (1, 1), (5, 2)])
def test_ufunc_methods(kernels_on_both_targets, rows, cols):
    kernels_on_both_targets("ufunc_methods.py").check(*arguments(rows, cols, rows * cols))


def test_empty_reduction(kernels_on_both_targets):
    # np.maximum.reduce of a (0, 2) array along no elements: NumPy's ValueError.
    kernels_on_both_targets("ufunc_methods.py").check_like_numpy(*arguments(0, 2, 1),
                                                                 raises=ValueError)
