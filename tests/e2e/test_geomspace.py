"""kernels/geomspace.py against NumPy on both targets: ends of either sign (a sign change
gives NumPy's NaNs), one and no element, and NumPy's ValueError for an end of zero."""

import numpy as np
import pytest


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("a,b,n", [(2.0, 50.0, 6), (-3.0, -0.01, 5), (1.5, 1.5, 1), (5.0, 7.0, 0),
                                   (1e-30, 1e30, 7), (-1.0, 4.0, 3)])
def test_geomspace(kernels_on_both_targets, a, b, n):
    kernels_on_both_targets("geomspace.py").check(np.float64(a), np.float64(b), n)


def test_geomspace_zero(kernels_on_both_targets):
    kernels_on_both_targets("geomspace.py").check_like_numpy(np.float64(0.0), np.float64(3.0), 4)
