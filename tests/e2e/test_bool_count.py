"""kernels/bool_count.py: comparisons give bool; sums of bools are int64, their mean float64."""

import numpy as np
import pytest

KERNEL = "bool_count.py"


@pytest.mark.parametrize("shape", [(6, 5), (1, 1), (0, 3), (4, 0), (13, 11)])
@pytest.mark.parametrize("t", [0.25, -1.0, np.nan])
def test_counts(kernel, shape, t):
    rng = np.random.default_rng(9)
    x = rng.normal(size=shape)
    if x.size > 3:
        x.flat[[0, 3]] = np.nan
    above, count, n_numbers, frac, *_ = kernel.check(x, t)
    assert above.dtype == np.bool_ and count.dtype == np.int64 and frac.dtype == np.float64


def test_int_literal_for_float_parameter(kernel):
    kernel.check(np.array([[0.0, 1.0, 2.0]]), 1)
