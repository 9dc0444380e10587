"""kernels/scalar_args.py: Python int and float arguments are weak: float32 stays float32;
int * float and int // int of scalars give 0-d float64 / int64 results."""

import numpy as np
import pytest

import npc_harness

KERNEL = "scalar_args.py"


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n,s", [(3, 0.5), (-2, 2.0), (0, -1.5), (7, 0.0), (1, np.nan), (-5, 1e-3)])
def test_values(kernel, dtype, n, s):
    x = np.array([-2.0, -0.5, 0.0, 0.5, 1.0, 3.0], dtype)
    results = kernel.check(x, n, s)
    assert [r.dtype for r in results] == [dtype, dtype, dtype, np.float64, np.int64, np.bool_]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("size", [1, 0, 23])
def test_edges(kernel, dtype, size):
    kernel.check(np.full(size, 2.0, dtype), 2, 4.0)


@pytest.mark.parametrize("n,s", [(3, 0.1), (-7, 1e-3), (2, 1 / 3)])
def test_float32_results_are_exact(kernel, n, s):
    # Weak scalars become float32 before each correctly rounded float32 operation, so
    # x * n + s and x / s are bit-for-bit NumPy's.
    rng = np.random.default_rng(abs(n))
    x = rng.uniform(-100, 100, 1001).astype(np.float32)
    results = kernel.check(x, n, s)
    expected = kernel.numpy(x, n, s)
    for i in (0, 2):
        npc_harness.assert_same(results[i], expected[i], rtol=0, what=f"result {i}")


@pytest.mark.parametrize("n", [2**60 + 2**36 + 1, -(2**60 + 2**36 + 1), 2**53 + 2**29 + 1, 7])
def test_python_ints_round_through_float64(kernels_on_both_targets, n):
    # kernels/python_int_rounding.py: each result is exact, NumPy's double rounding.
    k = kernels_on_both_targets("python_int_rounding.py")
    a, z = np.array([1.0, -1.0], np.float32), np.array([1 + 1j], np.complex64)
    for got, want in zip(k.check(n, a, z), k.numpy(n, a, z)):
        npc_harness.assert_same(got, want, rtol=0, what="result")
