"""kernels/ufunc_outer.py against NumPy on both targets."""

import numpy as np
import pytest

RNG = np.random.default_rng(97)


@pytest.mark.parametrize("n,rows", [(4, 2), (1, 1), (0, 3)])
def test_ufunc_outer(kernels_on_both_targets, n, rows):
    kernels_on_both_targets("ufunc_outer.py").check(
        RNG.normal(size=n), RNG.normal(size=n + 1).astype(np.float32),
        RNG.integers(-9, 9, (rows, 2)).astype(np.int16), RNG.integers(-20, 20, n + 2))
