"""kernels/wide_columns.py: column blocks of 64, of 8 and single columns all give NumPy's
values (column counts below, at and across the block sizes; both targets)."""

import numpy as np
import pytest


@pytest.mark.parametrize("rows,cols", [(3, 7), (5, 64), (9, 130), (2, 200), (0, 150), (4, 0)])
@pytest.mark.parametrize("dtype,itype", [(np.float64, np.int64), (np.float32, np.int32)])
def test_wide_columns(kernels_on_both_targets, rows, cols, dtype, itype):
    rng = np.random.default_rng(rows * 1000 + cols)
    x = rng.normal(size=(rows, cols)).astype(dtype)
    k = kernels_on_both_targets("wide_columns.py")
    k_args = (x, rng.integers(-50, 50, size=(rows, cols)).astype(itype))
    if rows == 0:  # NumPy raises for max/argmax of no rows; npc must too
        k.check_like_numpy(*k_args)
    else:
        k.check(*k_args)
