"""kernels/shape_views.py: names bound to x.T, x.reshape(-1) and np.broadcast_to(x[0], ...)
see the writes into x that follow (NumPy's views); a computed value does not."""

import numpy as np
import pytest

KERNEL = "shape_views.py"


@pytest.mark.parametrize("shape", [(2, 3), (4, 2), (3, 5)])
def test_views_see_later_writes(kernel, shape):
    kernel.check(np.arange(np.prod(shape), dtype=np.float64).reshape(shape))
