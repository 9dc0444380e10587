"""kernels/searchsorted.py, kernels/digitize.py and kernels/interp.py: np.searchsorted (sides, NaNs last as
np.sort leaves them, keys and arrays of other dtypes compared in their common dtype,
Python scalars as their default dtypes, lists, the ndarray method) and np.interp (below,
at and above the samples, repeated samples, infinite fp, NaN x, left/right of their own,
NumPy's ValueErrors compared by message) and np.digitize (increasing, decreasing, constant
and empty bins; bins that are neither raise NumPy's ValueError), exact against NumPy."""

import numpy as np
import pytest


def search_arguments(n, seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 6, n).astype(np.float64) / 4  # repeated values
    if n > 3:
        a[1] = np.nan
        a[2] = np.nan
    v = (rng.integers(-1, 9, (3, 5)) / 4).astype(np.float32)
    v[0, 0] = np.nan
    v[1, 1] = np.inf
    v[2, 2] = -np.inf
    return a, v, rng.integers(-3, 8, n).astype(np.int32), 2, rng.integers(0, 255, n).astype(np.uint8)


@pytest.mark.parametrize("n,seed", [(12, 0), (1, 1), (0, 2), (100, 3)])
def test_searchsorted(kernels_on_both_targets, n, seed):
    kernels_on_both_targets("searchsorted.py").check(*search_arguments(n, seed), rtol=0)


def interp_arguments(n, seed):
    rng = np.random.default_rng(seed)
    xp = np.sort(rng.integers(0, 8, n).astype(np.float64) / 2)  # repeated samples
    fp = rng.normal(size=n).astype(np.float32)
    if n > 4:
        fp[2] = fp[3] = np.inf  # slope NaN between equal infinities
        fp[4] = -np.inf
    x = np.concatenate([np.arange(-1, 5, 0.25), xp[:3], [np.nan, np.inf, -np.inf]])
    grid = rng.uniform(-1, 5, (4, 6))
    return x, xp, fp, grid, rng.integers(-2, n + 2, 7)


@pytest.mark.parametrize("n,seed", [(9, 0), (1, 1), (2, 2), (60, 3)])
def test_interp(kernels_on_both_targets, n, seed):
    kernels_on_both_targets("interp.py").check(*interp_arguments(n, seed), rtol=0)


def test_interp_one_nan_sample(kernels_on_both_targets):
    """One sample: NumPy compares x with it, so every x gets fp[0] when it is NaN."""
    x, xp, fp, grid, ip = interp_arguments(1, 5)
    kernels_on_both_targets("interp.py").check(x, np.array([np.nan]), fp, grid, ip, rtol=0)


@pytest.mark.parametrize("case", ["empty", "lengths"])
def test_interp_errors(kernels_on_both_targets, case):
    x, xp, fp, grid, ip = interp_arguments(5, 4)
    if case == "empty":
        xp, fp = xp[:0], fp[:0]
    else:
        fp = fp[:4]
    kernels_on_both_targets("interp.py").check_like_numpy(x, xp, fp, grid, ip, raises=ValueError)


def digitize_arguments(bins, seed):
    rng = np.random.default_rng(seed)
    x = np.concatenate([np.arange(-1, 5, 0.5), [np.nan, np.inf, -np.inf]])
    ib = np.sort(rng.integers(-1, 5, 6)).astype(np.int32)
    return x, np.array(bins, np.float64), ib, rng.uniform(-1, 5, (3, 4)).astype(np.float32)


@pytest.mark.parametrize("bins", [[0.5, 1, 1, 2.5, 3], [3, 2, 2, 0], [], [2, 2, 2], [1.5],
                                  [4, 4, 1]])
def test_digitize(kernels_on_both_targets, bins):
    kernels_on_both_targets("digitize.py").check(*digitize_arguments(bins, len(bins)), rtol=0)


@pytest.mark.parametrize("bins", [[1, 3, 2], [2, 2, 3, 1]])
def test_digitize_not_monotonic(kernels_on_both_targets, bins):
    kernels_on_both_targets("digitize.py").check_like_numpy(*digitize_arguments(bins, 0),
                                                            raises=ValueError)
