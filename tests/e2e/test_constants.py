"""kernels/constants.py: np.pi, np.e, np.inf, np.nan are weak floats."""

import numpy as np
import pytest

import npc_harness

KERNEL = "constants.py"


@pytest.mark.parametrize("n", [5, 1, 0, 19])
def test_values(kernel, n):
    x = np.linspace(-2, 2, n).astype(np.float32)
    y = np.linspace(-1, 3, n)
    results = kernel.check(x, y)
    assert [r.dtype for r in results] == [np.float32, np.float64, np.float64, np.float32,
                                          np.float64, np.float32]


def test_infinities(kernel):
    kernel.check(np.array([np.inf, -np.inf, np.nan], np.float32),
                 np.array([np.inf, -np.inf, np.nan]))


def test_float32_results_are_exact(kernel):
    # NEP 50: np.pi and np.e are cast to float32 first, then one correctly rounded float32
    # operation: bit-for-bit NumPy's result (computing in double and rounding once would
    # differ in the last bit for some elements).
    rng = np.random.default_rng(12)
    x = rng.uniform(-100, 100, 1001).astype(np.float32)
    y = rng.uniform(-100, 100, 1001)
    results = kernel.check(x, y)
    for i in (0, 5):  # x * np.pi, x + np.e
        npc_harness.assert_same(results[i], kernel.numpy(x, y)[i], rtol=0, what=f"result {i}")
