"""kernels/splits.py against NumPy on both targets: np.array_split of extents that 3 does
and does not divide (empty parts too), np.split's ValueError for an unequal division
(checked on entry), indices in and out of range, np.hsplit/vsplit/dsplit, np.rot90."""

import numpy as np
import pytest

RNG = np.random.default_rng(43)


def case(n, rows, cols, k):
    return (RNG.normal(size=n), RNG.normal(size=(rows, cols)).astype(np.float32),
            RNG.integers(-9, 9, (2, 3, 5)).astype(np.int32), k)


@pytest.mark.parametrize("n,rows,cols,k", [(7, 3, 4, 4), (9, 2, 6, 100), (0, 1, 0, -2),
                                           (2, 4, 2, 1), (1, 1, 2, -30)])
def test_splits(kernels_on_both_targets, n, rows, cols, k):
    kernels_on_both_targets("splits.py").check(*case(n, rows, cols, k))


def test_unequal_split(kernels_on_both_targets):
    kernels_on_both_targets("splits.py").check_like_numpy(*case(5, 3, 3, 1))
