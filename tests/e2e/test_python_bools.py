"""kernels/python_bools.py: arithmetic on Python bools follows Python (an int), on NumPy's
bools NumPy (a bool), on both targets."""

import numpy as np
import pytest


@pytest.fixture
def kernel(kernels_on_both_targets):
    return kernels_on_both_targets("python_bools.py")


@pytest.mark.parametrize("n,flag,b", [(5, True, [True, True]), (1, False, [False, True]),
                                      (4, True, [False, False])])
def test_python_bools(kernel, n, flag, b):
    kernel.check(n, -1.0, flag, np.array(b))


@pytest.mark.parametrize("n,p,s", [(5, True, 1.5), (1, False, -2.0), (3, True, 0.25)])
def test_python_scalar_joins(kernels_on_both_targets, n, p, s):
    kernels_on_both_targets("python_scalar_joins.py").check(
        np.array([1, 2, 3], dtype=np.int8), np.array([1.0, 2.0], dtype=np.float32), n, p, s)


@pytest.mark.parametrize("p", [True, False])
def test_self_operands(kernels_on_both_targets, p):
    kernels_on_both_targets("self_operands.py").check(
        p, np.array([True, False]), 3, np.arange(3), np.array([1.0, np.nan]))
