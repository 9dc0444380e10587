"""kernels/ufunc_calls.py: np.add/subtract/multiply/... behave like the operators."""

import numpy as np
import pytest

KERNEL = "ufunc_calls.py"


@pytest.mark.parametrize("n", [0, 1, 37])
def test_ufunc_calls(kernel, n):
    rng = np.random.default_rng(n)
    results = kernel.check(rng.integers(-300, 300, n).astype(np.int16),
                           rng.normal(size=n).astype(np.float32),
                           rng.integers(-1000, 1000, n))
    assert [r.dtype for r in results] == [np.int16, np.float32, np.int16, np.float64,
                                          np.float32, np.float32, np.int64, np.int16,
                                          np.float32]


@pytest.mark.parametrize("m", [0, 2])
def test_ufuncs_of_python_numbers(kernels_on_both_targets, m):
    k = kernels_on_both_targets("ufuncs_of_python_numbers.py")
    with np.errstate(divide="ignore"):
        out = k.check(3, m, 1.5, np.array([1.0, 2.0], np.float32))
    assert [o.dtype.name for o in out] == ["float64", "float64", "float64", "int64", "float64",
                                           "int64"]
