"""kernels/keyword_names.py: C++ keywords as Python names; run-time sizes of written arrays."""

import numpy as np
import pytest

KERNEL = "keyword_names.py"


@pytest.mark.parametrize("k", [0, 2, 3])
def test_keyword_names(kernel, k):
    kernel.check(np.arange(7, dtype=np.float64), k)
