"""kernels/ufunc_methods.py: np.maximum.accumulate, np.minimum.accumulate (NaN propagating,
-0.0 kept), np.add/np.multiply.accumulate and the reduce methods of add, multiply, maximum,
minimum, logical_and, logical_or, with NumPy's default axis 0; NumPy's ValueError for the
reduction of an empty axis without identity.

kernels/ufunc_at.py and ufunc_at_inplace.py: np.ufunc.at (add, subtract, multiply, maximum,
negative, bitwise_xor, fmin, floor_divide) through integer arrays with repeated and negative
indices, lists, tuples of indices, a boolean mask, one element and a view, on parameters,
locals and through a helper; NumPy's casting (b converted as np.asarray does, the result
cast back unsafely), its IndexError and ValueError. Exact: each element is updated in
NumPy's order."""

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


def at_arguments(n, m, seed):
    rng = np.random.default_rng(seed)
    b = rng.normal(size=m)
    if m > 2:
        b[2] = np.nan
    return (rng.normal(size=n), rng.integers(-n, n, m), b,
            rng.integers(-100, 100, 4).astype(np.int8),
            rng.normal(size=(4, 3)).astype(np.float32), rng.integers(0, 4, m).astype(np.int32),
            rng.integers(0, 2, n).astype(bool))


@pytest.mark.parametrize("n,m,seed", [(6, 20, 0), (1, 5, 1), (3, 0, 2), (50, 1000, 3)])
def test_ufunc_at(kernels_on_both_targets, n, m, seed):
    kernels_on_both_targets("ufunc_at.py").check(*at_arguments(n, m, seed), rtol=0)


def test_ufunc_at_errors(kernels_on_both_targets):
    k = kernels_on_both_targets("ufunc_at.py")
    a, idx, b, c, m, j, mask = at_arguments(6, 20, 4)
    idx[7] = 6  # out of bounds
    k.check_like_numpy(a, idx, b, c, m, j, mask, raises=IndexError)
    k.check_like_numpy(*at_arguments(6, 20, 4)[:2], b[:19], c, m, j, mask,
                       raises=ValueError)  # b not broadcastable to a[idx]
    k.check_like_numpy(*at_arguments(6, 20, 4)[:6], mask[:5], raises=IndexError)


@pytest.mark.parametrize("n,seed", [(1, 0), (7, 1), (1000, 2)])
def test_ufunc_at_in_place(kernels_on_both_targets, n, seed):
    rng = np.random.default_rng(seed)
    kernels_on_both_targets("ufunc_at_inplace.py").check(
        rng.normal(size=(3, 4)), rng.integers(0, 50, n), rng.normal(size=n), rtol=0)
