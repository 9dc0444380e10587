"""kernels/transposes.py: permutation views (.T, np.transpose, ndarray.transpose,
np.swapaxes, np.moveaxis) of arguments and computed values, fused with slices and
reductions; reshapes of 3-D arrays; strided (non-contiguous) inputs too."""

import numpy as np
import pytest

KERNEL = "transposes.py"


@pytest.mark.parametrize("shape", [(3, 4, 5), (1, 2, 3), (2, 1, 1), (0, 2, 3)])
def test_permutations(kernel, shape):
    t = np.arange(np.prod(shape), dtype=np.int32).reshape(shape) * 7 - 11
    x = np.arange(shape[1] * shape[2], dtype=np.float64).reshape(shape[1:]) / 3
    kernel.check(x, t)


def test_strided_inputs(kernel):
    x = np.arange(48.0).reshape(6, 8)[::2, 1::2]  # the driver copies; values as NumPy's
    t = np.arange(60, dtype=np.int32).reshape(3, 4, 5)[:, ::-1]
    kernel.check(np.ascontiguousarray(x), np.ascontiguousarray(t))


def test_unknown_extent_next_to_zero_raises(kernel):
    # moveaxis gives (0, 4, 2); NumPy cannot infer the -1 of .reshape(0, -1), not even for
    # an empty array.
    kernel.check_raises(np.ones((0, 2)), np.ones((4, 0, 2), np.int32),
                        match="cannot reshape array of size")
