"""kernels/slicing.py: literal slices with steps, negative steps and clamping; integer
indices counting from the end; out-of-range indices raise IndexError."""

import numpy as np
import pytest

KERNEL = "slicing.py"


@pytest.mark.parametrize("n", [10, 5, 4, 13])
@pytest.mark.parametrize("shape", [(4, 5), (2, 3), (1, 3), (7, 2)])
def test_shapes(kernel, n, shape):
    a = np.arange(n, dtype=np.float64) * 1.5
    m = np.arange(np.prod(shape), dtype=np.int64).reshape(shape) - 3
    kernel.check(a, m)


def test_slice_past_the_end_is_empty(kernel):
    a = np.arange(5.0)  # a[6:] of 5 elements is empty, a[-100:100] all of it
    results = kernel.check(a, np.ones((2, 3), np.int64))
    assert results[2].shape == (0,) and results[6].shape == (5,)
    np.testing.assert_array_equal(results[-1], a[::-1])  # a[10:-10:-1] clamps to all of it


def test_index_out_of_range_raises(kernel):
    kernel.check_raises(np.arange(3.0), np.ones((2, 3), np.int64),
                        match="index 3 is out of bounds for axis 0 with size 3")


def test_negative_index_of_empty_axis_raises(kernel):
    kernel.check_raises(np.arange(5.0), np.ones((0, 3), np.int64),
                        match="is out of bounds for axis 0 with size 0")
