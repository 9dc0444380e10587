"""kernels/index_tricks.py against NumPy on both targets, and NumPy's ValueErrors on entry:
a flat index out of bounds (named, the first in C order) and a coordinate out of bounds."""

import numpy as np
import pytest

RNG = np.random.default_rng(83)


def case(n, m, k):
    return (RNG.integers(0, max(n * m, 1), k), RNG.integers(0, n, k).astype(np.int32),
            RNG.integers(0, m, k), n, m)


@pytest.mark.parametrize("n,m,k", [(3, 4, 6), (5, 1, 3), (2, 7, 0)])
def test_index_tricks(kernels_on_both_targets, n, m, k):
    kernels_on_both_targets("index_tricks.py").check(*case(n, m, k))


def test_out_of_bounds(kernels_on_both_targets):
    k = kernels_on_both_targets("index_tricks.py")
    flat, rows, cols, n, m = case(3, 4, 5)
    k.check_like_numpy(np.array([1, 12, -1, 13]), rows[:4], cols[:4], n, m)
    k.check_like_numpy(np.array([1, -3]), rows[:2], cols[:2], n, m)
    k.check_like_numpy(flat, np.array([0, 3, 1, 1, 1], np.int32), cols, n, m)
