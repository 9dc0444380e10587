"""Run-time shape errors show the extents' values in NumPy's wording
(kernels/shape_messages.py: reshape, concatenate, broadcast_to, matmul, dot, unpacking,
boolean-mask assignment and indexing, np.full, slice assignment, np.array of rows,
in-place updates); with extents that fit, the results equal NumPy's."""

import numpy as np
import pytest

SHAPES = [(5, (2, 4)), (4, (2, 4)), (2, (1, 2)), (3, (3, 3)), (1, (1, 3))]


@pytest.mark.parametrize("which", range(13))
@pytest.mark.parametrize("n,shape", SHAPES)
def test_runtime_shape_error_messages(kernels_on_both_targets, which, n, shape):
    v = np.arange(1.0, n + 1)
    m = np.arange(float(np.prod(shape))).reshape(shape) - 1
    kernels_on_both_targets("shape_messages.py").check_like_numpy(
        v, m, which, raises=(ValueError, IndexError))
