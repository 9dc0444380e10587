"""kernels/copyto_fill_diagonal.py against NumPy on both targets (the updated arguments
too), and NumPy's errors: same_kind casting, shapes that do not broadcast, fill_diagonal
of unequal extents in 3-D."""

import numpy as np
import pytest

RNG = np.random.default_rng(79)


def case(rows, cols, n):
    return (RNG.normal(size=(rows, cols)) * 50, RNG.normal(size=n).astype(np.float32),
            np.zeros((rows, cols), np.int8), RNG.uniform(size=n) < 0.5,
            RNG.normal(size=(3, 3, 3)))


@pytest.mark.parametrize("rows,cols,n", [(3, 3, 4), (5, 2, 1), (2, 6, 7), (1, 1, 0)])
def test_copyto_fill_diagonal(kernels_on_both_targets, rows, cols, n):
    kernels_on_both_targets("copyto_fill_diagonal.py").check(*case(rows, cols, n))


def test_errors(kernels_on_both_targets):
    k = kernels_on_both_targets("copyto_fill_diagonal.py")
    m, v, i8, mask, c = case(3, 3, 4)
    k.check_like_numpy(m, v, i8, mask[:3], c)  # where= of another length
    k.check_like_numpy(m, v, i8, mask, np.zeros((3, 3, 2)))  # unequal extents
