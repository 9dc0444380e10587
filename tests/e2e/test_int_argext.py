"""kernels/int_argext.py: argmin/argmax of int32 with ties, on an axis and flattened."""

import numpy as np
import pytest

KERNEL = "int_argext.py"


def test_ties(kernel):
    x = np.array([[3, 1, 1, 2], [1, 3, 1, 3], [1, 3, 0, 3]], dtype=np.int32)
    amin0, amax1, flat_min, flat_max = kernel.check(x)
    np.testing.assert_array_equal(amin0, [1, 0, 2, 0])
    assert flat_max == 0 and flat_min == 10


def test_extreme_values(kernel):
    lo, hi = np.iinfo(np.int32).min, np.iinfo(np.int32).max
    kernel.check(np.array([[hi, lo, hi], [lo, hi, lo]], dtype=np.int32))


@pytest.mark.parametrize("shape", [(1, 1), (1, 6), (6, 1), (25, 13)])
def test_random(kernel, shape):
    rng = np.random.default_rng(42)
    kernel.check(rng.integers(-2, 2, size=shape, dtype=np.int32))


def test_empty_axis_raises(kernel):
    kernel.check_raises(np.zeros((0, 4), np.int32),
                        match="attempt to get argmin of an empty sequence")
