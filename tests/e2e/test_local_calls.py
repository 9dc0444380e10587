"""kernels/local_calls.py: calls of the file's own functions, inlined."""

import numpy as np
import pytest

KERNEL = "local_calls.py"


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("n", [1, 5, 40])
def test_calls(kernel, dtype, n):
    rng = np.random.default_rng(n)
    kernel.check(rng.normal(size=n).astype(dtype), rng.normal(size=(3, n)).astype(dtype))
