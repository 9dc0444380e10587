"""kernels/standardize.py: (x - mean) / sqrt(mean of squared deviations), per column.

atol=1e-12: centring cancels, so outputs near zero carry the mean's absolute rounding error
(NumPy sums pairwise, npc may not), which is large relative to themselves."""

import numpy as np
import pytest

KERNEL = "standardize.py"


@pytest.mark.parametrize("shape", [(10, 3), (5, 1), (200, 7), (0, 3)])
def test_shapes(kernel, shape):
    rng = np.random.default_rng(shape[0])
    kernel.check(rng.normal(loc=3, scale=2, size=shape), atol=1e-12)


def test_constant_columns_give_nan(kernel):
    # A single row, and constant columns: 0 / 0.
    kernel.check(np.array([[1.0, -2.0, 3.0]]))
    kernel.check(np.array([[1.0, 5.0], [1.0, 6.0], [1.0, 7.0]]), atol=1e-12)
