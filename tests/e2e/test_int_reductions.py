"""kernels/int_reductions.py: int8 sums and products accumulate in int64, uint8 in uint64;
int64 products wrap; min/max keep the dtype."""

import numpy as np
import pytest

KERNEL = "int_reductions.py"


@pytest.mark.parametrize("shape", [(4, 5), (1, 1), (60, 70)])
def test_shapes(kernel, shape):
    rng = np.random.default_rng(1)
    a = rng.integers(-128, 128, size=shape, dtype=np.int8)
    b = rng.integers(0, 256, size=shape, dtype=np.uint8)
    c = rng.integers(-3, 4, size=shape[0], dtype=np.int64)
    results = kernel.check(a, b, c)
    assert [r.dtype for r in results] == [np.int64, np.uint64, np.int64, np.int64, np.int8,
                                          np.uint8, np.uint64]


def test_product_wraps(kernel):
    a = np.full((2, 40), -2, np.int8)  # (-2)**40 fits int64; int8 would wrap to 0
    kernel.check(a, np.full((2, 3), 255, np.uint8), np.array([2**40, 2**40, 3], np.int64))


def test_empty_columns(kernel):
    # Sums and products over an empty axis are 0 and 1; a.min(axis=0) reduces 3 elements.
    kernel.check(np.ones((3, 0), np.int8), np.ones((2, 2), np.uint8), np.zeros(0, np.int64))


def test_empty_rows_raise(kernel):
    kernel.check_raises(np.ones((0, 3), np.int8), np.ones((2, 2), np.uint8), np.ones(3, np.int64),
                        match="zero-size array to reduction operation minimum")
