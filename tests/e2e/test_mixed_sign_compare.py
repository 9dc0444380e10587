"""kernels/mixed_sign_compare.py: uint64 against int64 and int8, every comparison, both
orders, elements and broadcasting, exactly as NumPy 2 (both targets);
kernels/python_int_compare.py: integer arrays against run-time Python ints of any value."""

import numpy as np
import pytest


@pytest.fixture
def kernel(kernels_on_both_targets):
    return kernels_on_both_targets("mixed_sign_compare.py")


def test_values_beyond_float64_precision(kernel):
    u = np.array([0, 1, 2**53 + 1, 2**63, 2**64 - 1, 2**63 - 1, 5], np.uint64)
    i = np.array([0, -1, 2**53, 2**63 - 1, -1, 2**63 - 1, -2**63], np.int64)
    s = np.array([0, -1, 1, -128, 127, -1, 5], np.int8)
    kernel.check(u, i, s)


def test_random(kernel):
    rng = np.random.default_rng(3)
    u = rng.integers(0, 2**64, size=50, dtype=np.uint64)
    i = rng.integers(-2**63, 2**63, size=50, dtype=np.int64)
    u[::2] >>= 1  # half below 2**63
    i[::3] = u[::3].astype(np.int64)  # equal where the uint64 fits
    i[1::3] = u[1::3].astype(np.int64) - 1  # one below: the same float64
    kernel.check(u, i, rng.integers(-128, 128, size=50, dtype=np.int8))


@pytest.mark.parametrize("n", [1000, -1, 3, -200, 2**40, -2**63, 2**63 - 1, 255, 256])
def test_python_int_of_any_value(kernels_on_both_targets, n):
    kernels_on_both_targets("python_int_compare.py").check(
        np.array([-128, 0, 5, 127], np.int8), np.array([0, 3, 255, 7], np.uint8),
        np.array([0, 2**63, 2**64 - 1, 3], np.uint64),
        np.array([-2**31, 0, 2**31 - 1, 4], np.int32), n)
