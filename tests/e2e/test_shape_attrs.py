"""kernels/shape_attrs.py: `x.shape` (unpacked and indexed), len(), size and ndim as
Python ints; float32 times an extent stays float32 (an extent is a weak int)."""

import numpy as np
import pytest

KERNEL = "shape_attrs.py"


@pytest.mark.parametrize("shape,n", [((3, 4), 5), ((1, 7), 1), ((0, 2), 3), ((5, 0), 0)])
def test_shape_attributes(kernel, shape, n):
    x = np.arange(np.prod(shape), dtype=np.float64).reshape(shape) - 2.5
    kernel.check(x, np.linspace(-1, 1, n, dtype=np.float32))


@pytest.mark.parametrize("shape,n", [((2, 3, 4), 5), ((1, 1, 0), 1), ((3, 0, 2), 0)])
def test_shape_tuples(kernels_on_both_targets, shape, n):
    """kernels/shape_tuples.py: `x.shape + (2,)`, `(1,) + x.shape[1:]`, list + list,
    x.shape[::-1], an empty slice (were refused)."""
    x = np.arange(np.prod(shape), dtype=np.float64).reshape(shape) - 2.5
    kernels_on_both_targets("shape_tuples.py").check(x, np.linspace(-1, 1, n, dtype=np.float32),
                                                     rtol=0)


@pytest.mark.parametrize("rows_a,rows_b,n", [(2, 2, 2), (2, 2, 3), (2, 3, 2), (0, 0, 0)])
def test_shape_equality(kernels_on_both_targets, rows_a, rows_b, n):
    """kernels/shape_equality.py: `a.shape != b.shape` and other tuple comparisons (were
    refused); the program's ValueError compared by message."""
    a = np.ones((rows_a, 3))
    b = np.full((rows_b, 3), 2.0, np.float32)
    kernels_on_both_targets("shape_equality.py").check_like_numpy(a, b, n, raises=ValueError)
