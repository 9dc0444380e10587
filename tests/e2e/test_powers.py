"""kernels/powers.py: `**` on int64 (exact, wrapping on overflow) and on float64, on both
targets (the CUDA target's output on the CPU emulation)."""

import numpy as np
import pytest


@pytest.fixture
def kernel(kernels_on_both_targets):
    return kernels_on_both_targets("powers.py")


def test_small_values(kernel):
    a = np.array([-3, -2, -1, 0, 1, 2, 3, 10], dtype=np.int64)
    n = np.array([0, 1, 2, 3, 5, 7, 0, 18], dtype=np.int64)
    x = np.array([-2.0, -0.5, 0.0, 0.25, 1.5, 2.0, np.inf, np.nan])
    kernel.check(a, n, x)


def test_overflow_wraps(kernel):
    a = np.array([3, 7, -5, 2], dtype=np.int64)
    n = np.array([41, 30, 29, 63], dtype=np.int64)
    a_pow, *_ = kernel.check(a, n, np.ones(4))
    assert a_pow[3] == np.iinfo(np.int64).min


@pytest.mark.parametrize("size", [1, 0])
def test_edges(kernel, size):
    kernel.check(np.full(size, 3, np.int64), np.full(size, 4, np.int64), np.full(size, 1.5))


def test_n_broadcasts(kernel):
    kernel.check(np.arange(21, dtype=np.int64), np.array([3], np.int64), np.linspace(-1, 1, 21))


# With 40 elements the throw happens inside the parallel (vectorised) part of the loop: the
# exception must still reach the driver (not std::terminate). CUDA kernels record the
# negative exponent and the host raises.
@pytest.mark.parametrize("size", [2, 40])
def test_negative_integer_power_raises(kernel, size):
    n = np.ones(size, np.int64)
    n[1] = -1
    kernel.check_raises(np.full(size, 2, np.int64), n, np.ones(size),
                        match="Integers to negative integer powers are not allowed.")
