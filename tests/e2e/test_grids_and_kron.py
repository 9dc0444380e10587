"""kernels/grids_and_kron.py against NumPy on both targets: square, wide, tall and empty
grids; diagonals offsets beyond the grid."""

import numpy as np
import pytest

RNG = np.random.default_rng(67)


@pytest.mark.parametrize("rows,cols,k", [(3, 3, 0), (4, 2, 1), (2, 5, -1), (1, 1, 7),
                                         (0, 3, 0), (3, 4, -9)])
def test_grids_and_kron(kernels_on_both_targets, rows, cols, k):
    kernels_on_both_targets("grids_and_kron.py").check(
        RNG.normal(size=(rows, cols)), RNG.integers(-9, 9, 3).astype(np.int32),
        RNG.normal(size=(2, rows, cols)).astype(np.float32), k)
