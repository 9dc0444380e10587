"""kernels/joins.py: np.concatenate (axis 0, 1, -2, None), np.stack, np.hstack,
np.vstack with NEP 50 promotion of the parts (int32 with uint8 is int32, with float64
float64), empty parts, computed parts; extents that differ off the axis raise NumPy's
ValueError. kernels/join_scalars.py: Python numbers as parts are int64/float64 arrays
(weak in the result's dtype for np.concatenate with axis=None)."""

import numpy as np
import pytest

KERNEL = "joins.py"


@pytest.mark.parametrize("rows_a,rows_b,cols,n", [(3, 4, 2, 3), (1, 1, 1, 1), (0, 2, 3, 0),
                                                  (5, 0, 2, 2)])
def test_joins(kernel, rows_a, rows_b, cols, n):
    a = np.arange(rows_a * cols, dtype=np.float64).reshape(rows_a, cols) / 4
    b = -np.arange(rows_b * cols, dtype=np.float64).reshape(rows_b, cols)
    v = np.arange(rows_a, dtype=np.int32) * 1000 - 7
    u = np.arange(rows_a, dtype=np.uint8) + 250
    del n
    kernel.check(a, b, v, u)


def test_mismatched_extent_raises(kernel):
    r = kernel.check_raises(np.ones((3, 2)), np.ones((4, 3)), np.ones(3, np.int32),
                            np.ones(3, np.uint8),
                            match="all the input array dimensions except for the "
                                  "concatenation axis must match exactly")
    assert "along dimension 1" in r.stderr


def test_python_numbers_as_parts(kernels_on_both_targets):
    k = kernels_on_both_targets("join_scalars.py")
    out = k.check(np.array([1, 2], np.int8), np.array([1.5], np.float32), 2.5, 3)
    assert [o.dtype.name for o in out] == [
        "int64", "float64", "int64", "float64", "float64", "float64", "int64", "float32",
        "int64", "int8", "int8", "float32", "float64", "int8", "float64", "int64", "int16",
        "float64"]
    # Rounded once, from the int64 array np.concatenate makes of the Python int.
    k.check(np.array([1, 2], np.int8), np.array([1.5], np.float32), 2.5, 2**60 + 2**36 + 1)


@pytest.mark.parametrize("n,cols,extra", [(3, 2, 0), (1, 0, 0), (0, 3, 0), (3, 2, 1)])
def test_column_stack(kernels_on_both_targets, n, cols, extra):
    """kernels/column_stack.py: np.column_stack; parts of other lengths raise NumPy's
    ValueError (compared by message)."""
    x = np.arange(n, dtype=np.float64) - 1.5
    k = np.arange(n + extra, dtype=np.int32) * 7
    m = np.arange(n * cols, dtype=np.float32).reshape(n, cols) / 3
    kernels_on_both_targets("column_stack.py").check_like_numpy(x, k, m, raises=ValueError)
