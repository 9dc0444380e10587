"""kernels/array_functions.py: functions npc builds from views and ufuncs as NumPy
defines them, against NumPy on both targets: empty, one-element and general arrays,
shifts beyond the length and negative, NaN, infinities and halves for round."""

import numpy as np
import pytest

CASES = {
    "general": (np.random.default_rng(1).uniform(size=(4, 5)),
                np.random.default_rng(2).uniform(size=6).astype(np.float32),
                np.array([3, 0, -7, 25, 149, 0]), 7, np.array([True, False, False, True])),
    "empty": (np.zeros((0, 3)), np.zeros(0, np.float32), np.zeros(0, np.int64), -3,
              np.zeros(0, bool)),
    "single": (np.ones((1, 1)), np.ones(1, np.float32), np.array([5]), 10**12,
               np.array([True])),
    "special": (np.arange(12.0).reshape(3, 4) / 7,
                np.array([0.5, 1.5, 2.5, -0.5, np.nan, np.inf], np.float32),
                np.array([15, 25, -15, -25, 0, 1]), -13, np.zeros(3, bool)),
}


@pytest.mark.parametrize("case", CASES)
def test_array_functions(kernels_on_both_targets, case):
    kernels_on_both_targets("array_functions.py").check(*CASES[case])


@pytest.mark.parametrize("dtype", [np.float32])
def test_dtype_comparisons(kernels_on_both_targets, dtype):
    """kernels/dtype_compare.py: `x.dtype == np.float32`, `n.dtype == int`, ... ."""
    kernels_on_both_targets("dtype_compare.py").check(np.ones(3, dtype), np.arange(2))


@pytest.mark.parametrize("shape,a,k", [((3, 4), 1.5, 7), ((0, 2), -np.inf, -5)])
def test_reductions_of_tuples(kernels_on_both_targets, shape, a, k):
    """kernels/tuple_reductions.py: np.prod(x.shape), np.max((a, 2.5)), np.min([k, 3, -1])."""
    kernels_on_both_targets("tuple_reductions.py").check(np.ones(shape), np.float64(a), k)


@pytest.mark.parametrize("k", [-1, 0, 2, -9])
def test_triangles(kernels_on_both_targets, k):
    """kernels/triangles.py: np.triu, np.tril."""
    kernels_on_both_targets("triangles.py").check(
        np.arange(12.0).reshape(3, 4), np.arange(24, dtype=np.int32).reshape(2, 3, 4),
        np.ones((4, 2), bool), k)
