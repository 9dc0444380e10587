"""kernels/true_divide.py: `/` of ints is float64 (int32, int16, uint8), x / 0 is inf or nan."""

import numpy as np
import pytest

KERNEL = "true_divide.py"


def test_values(kernel):
    a = np.array([7, -7, 1, 0, -1, 2**31 - 1, -(2**31)], dtype=np.int32)
    b = np.array([2, 2, 3, 0, 0, -1, -1], dtype=np.int32)
    c = np.array([-32768, -3, 0, 5, 32767], dtype=np.int16)
    d = np.array([0, 1, 255], dtype=np.uint8)
    results = kernel.check(a, b, c, d)
    assert all(r.dtype == np.float64 for r in results)


@pytest.mark.parametrize("n", [1, 0])
def test_edges(kernel, n):
    kernel.check(np.full(n, 9, np.int32), np.full(n, 4, np.int32), np.full(n, 3, np.int16),
                 np.full(n, 7, np.uint8))


def test_random(kernel):
    rng = np.random.default_rng(2)
    kernel.check(rng.integers(-10**6, 10**6, 100, dtype=np.int32),
                 rng.integers(1, 1000, 100, dtype=np.int32),
                 rng.integers(-100, 100, 17, dtype=np.int16),
                 rng.integers(0, 256, 9, dtype=np.uint8))
