"""kernels/split_loops.py, kernels/rotations.py: loops split at the index where their
choice changes give NumPy's values for every position of the bound, rotations by a
run-time shift too (both targets)."""

import numpy as np
import pytest


@pytest.mark.parametrize("n,nb,rows,cols", [(5, 3, 2, 3), (0, 4, 1, 1), (7, 0, 3, 2),
                                            (19, 11, 4, 9)])
@pytest.mark.parametrize("k", [-3, 0, 2, 5, 40])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_split_loops(kernels_on_both_targets, n, nb, rows, cols, k, dtype):
    rng = np.random.default_rng(n + abs(k))
    a = rng.normal(size=n).astype(dtype)
    b = rng.normal(size=nb).astype(dtype)
    m = rng.normal(size=(rows, cols)).astype(dtype)
    kernels_on_both_targets("split_loops.py").check(a, b, m, k)


@pytest.mark.parametrize("n", [0, 1, 7])
@pytest.mark.parametrize("k", [-20, -3, 0, 2, 7, 9])
def test_rotations(kernels_on_both_targets, n, k):
    kernels_on_both_targets("rotations.py").check(np.arange(float(n)), k, 3)
