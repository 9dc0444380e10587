"""kernels/norms.py: np.linalg.norm along axis 0, -1 and 1 of 3-D float32/float64 arrays."""

import numpy as np
import pytest

KERNEL = "norms.py"


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("shape", [(2, 3, 4), (1, 1, 1), (3, 0, 2), (8, 9, 10)])
def test_shapes(kernel, dtype, shape):
    rng = np.random.default_rng(5)
    results = kernel.check(rng.normal(size=shape).astype(dtype))
    assert all(r.dtype == dtype for r in results)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_nan_and_inf(kernel, dtype):
    x = np.ones((2, 2, 2), dtype)
    x[0, 0, 0] = np.nan
    x[1, 1, 1] = -np.inf
    kernel.check(x)
