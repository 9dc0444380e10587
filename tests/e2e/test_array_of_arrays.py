"""kernels/array_of_arrays.py: np.array of arrays with run-time extents (both targets)."""

import numpy as np
import pytest


@pytest.fixture
def kernel(kernels_on_both_targets):
    return kernels_on_both_targets("array_of_arrays.py")


@pytest.mark.parametrize("n", [3, 0])
def test_same_extents(kernel, n):
    kernel.check(np.arange(n) + 0.5, np.arange(n) * 2.0, np.ones((2, n)))


@pytest.mark.parametrize("na,nb,rows", [(3, 4, 2), (3, 3, 1)])
def test_different_extents_raise(kernel, na, nb, rows):
    kernel.check_raises(np.ones(na), np.ones(nb), np.ones((rows, na)),
                        match="setting an array element with a sequence. The requested array "
                              "has an inhomogeneous shape after")
