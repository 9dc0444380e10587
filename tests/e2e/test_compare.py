"""kernels/compare.py: comparisons across dtypes and with Python scalars."""

import numpy as np
import pytest

import npc_harness

KERNEL = "compare.py"


@pytest.mark.parametrize("n", [7, 1, 0])
def test_values(kernel, n):
    a = np.array([-3, 0, 1, 2, 3, 16777217, 2**53 + 1][:n], np.int64)
    x = np.array([-3.0, 0.5, 1.0, 2.5, 3.0, 16777216.0, 2.0**53][:n], np.float32)
    c = np.array([0, 1, 2, 128, 254, 255, 7][:n], np.uint8)
    results = kernel.check(a, x, c)
    assert all(r.dtype == np.bool_ for r in results)


def test_random(kernel):
    rng = np.random.default_rng(6)
    a = rng.integers(-3, 4, 29)
    kernel.check(a, a.astype(np.float32) + rng.choice([0, 0.5], 29).astype(np.float32),
                 rng.integers(0, 256, 29, dtype=np.uint8))


def test_nan(kernel):
    kernel.check(np.array([1, 2], np.int64), np.array([np.nan, 2.0], np.float32),
                 np.array([1, 2], np.uint8))


def test_out_of_range_python_int(kernels):
    k = kernels("compare_out_of_range.py")
    k.check(np.array([0, 1, 255], np.uint8))


def test_always_true_comparisons_build(kernels):
    # Once emitted as `c <= 255`, which g++ -Wextra -Werror rejects (-Wtype-limits).
    k = kernels("compare_always_true.py")
    k.check(np.array([0, 255], np.uint8), np.array([-128, 127], np.int8))
    k.check(np.arange(256, dtype=np.uint8), np.arange(-128, 128, dtype=np.int8))
