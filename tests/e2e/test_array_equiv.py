"""kernels/array_equiv.py against NumPy on both targets: shapes that broadcast or not, known
only at run time, with equal and unequal values, NaN and empty arrays."""

import numpy as np
import pytest


def case(n, m, rows, cols, brows, bcols, nan=False, differ=False, rcols=None):
    x = np.full(n, 2.0)
    y = np.full(m, 2.0)
    if nan and n:
        x[0] = np.nan
    if differ and m:
        y[-1] = 3.0
    a = np.zeros((rows, cols), np.int32)
    b = np.zeros((brows, bcols), np.int64)
    r = np.full((rows, n if rcols is None else rcols), 2.0)
    return (x, y, a, b, r)


@pytest.mark.parametrize("args", [
    case(3, 3, 2, 4, 2, 4), case(3, 1, 2, 1, 1, 5), case(3, 4, 2, 3, 3, 2),
    case(1, 5, 3, 3, 1, 3, differ=True), case(4, 4, 2, 2, 2, 2, nan=True),
    case(0, 1, 0, 3, 1, 3), case(0, 2, 2, 0, 2, 0), case(2, 0, 1, 1, 4, 1),
    case(3, 3, 2, 2, 2, 2, rcols=4), case(3, 3, 2, 2, 2, 2, rcols=1)],
    ids=["same", "ones", "mismatch", "differ", "nan", "empty", "empty-mismatch", "zero-vs-two",
         "rows-mismatch", "rows-broadcast"])
def test_array_equiv(kernels_on_both_targets, args):
    kernels_on_both_targets("array_equiv.py").check(*args)
