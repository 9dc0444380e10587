"""kernels/array_equal.py against NumPy on both targets."""

import numpy as np
import pytest


def case(n, same, nan, rows, cols, same_shape=True):
    x = np.linspace(0, 1, n)
    y = x.copy()
    if nan and n:
        x[0] = y[0] = np.nan
    if not same and n:
        y[-1] += 1
    a = np.arange(rows * cols, dtype=np.int32).reshape(rows, cols)
    b = a.astype(np.int64) if same_shape else np.zeros((rows, cols + 1), np.int64)
    return (x, y, a, b, np.array([1.0, 2.0, 3.0], np.float32))


@pytest.mark.parametrize("args", [case(5, True, False, 2, 2), case(5, False, False, 3, 1),
                                  case(4, True, True, 2, 3, same_shape=False),
                                  case(3, True, False, 1, 1), case(0, True, False, 0, 2)],
                         ids=["equal", "unequal", "nan-shapes", "three", "empty"])
def test_array_equal(kernels_on_both_targets, args):
    kernels_on_both_targets("array_equal.py").check(*args)
