"""kernels/reductions3d.py: sum/prod/min/max/amax of 3-D arrays with negative axes, axis
tuples, axis=None and keepdims."""

import numpy as np
import pytest

KERNEL = "reductions3d.py"


@pytest.mark.parametrize("shape", [(2, 3, 4), (1, 1, 1), (1, 4, 1), (5, 1, 3), (4, 6, 7)])
def test_shapes(kernel, shape):
    rng = np.random.default_rng(sum(shape))
    kernel.check(rng.uniform(0.5, 1.5, size=shape))


def test_nan_and_infinities(kernel):
    x = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
    x[0, 1, 2] = np.nan
    x[1, 2, 3] = np.inf
    x[1, 0, 0] = -np.inf
    kernel.check(x)


def test_zero_size_sum_and_prod_but_min_raises(kernel):
    # sum/prod of an empty axis are 0 and 1; min/max have no identity and raise.
    kernel.check_raises(np.ones((2, 0, 3)), match="zero-size array to reduction operation")
