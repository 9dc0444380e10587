"""kernels/covariance.py: np.cov (rowvar, bias, ddof literal or run-time, y, dtype) and
np.corrcoef, computed as NumPy computes them (mean, centred product, times 1 / fact);
values to the rounding of the sums' order. A run-time number of variables that turns out
to be 1 (NumPy's 0-d result) is npc's ValueError."""

import numpy as np
import pytest


def arguments(rows, cols, k, seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(rows, cols))
    a = rng.normal(size=cols).astype(np.float32)
    b = rng.integers(-5, 5, cols).astype(np.int16)
    return X, a, b, k


@pytest.mark.parametrize("rows,cols,k", [(3, 5, 2), (4, 6, 9), (2, 2, 0), (5, 3, 1)])
def test_covariance(kernels_on_both_targets, rows, cols, k):
    kernels_on_both_targets("covariance.py").check(*arguments(rows, cols, k, rows * cols))


@pytest.mark.parametrize("rows,cols", [(1, 4), (4, 1)])
def test_single_variable_is_an_error(kernels_on_both_targets, rows, cols):
    """NumPy gives 0-d arrays here (README, "Differences from NumPy")."""
    k = kernels_on_both_targets("covariance.py")
    args = arguments(rows, cols, 1, 0)
    assert np.ndim(k.numpy(*args)[0 if rows == 1 else 1]) == 0
    r = k.run(args)
    assert r.returncode == 1, r.stderr
    assert "error: np.cov() of a single variable gives a 0-d result in NumPy" in r.stderr


@pytest.mark.parametrize("x_shape,y_shape", [((3, 2), (3, 1)), ((1, 3), (2, 1)),
                                             ((4, 2), (3, 2))])
def test_columns(kernels_on_both_targets, x_shape, y_shape):
    """kernels/covariance_columns.py: rowvar=False transposes a 2-D m even of one row (n
    variables of one observation: NaN, as NumPy), and y when it has more than one row;
    NumPy's ValueError when the observations differ (found by a review helper)."""
    rng = np.random.default_rng(len(x_shape) + x_shape[0])
    x = rng.normal(size=x_shape)
    y = rng.normal(size=y_shape)
    with np.errstate(all="ignore"):
        kernels_on_both_targets("covariance_columns.py").check_like_numpy(x, y,
                                                                          raises=ValueError)
