"""kernels/fancy_constant_operand.py: an index array into a fill or a broadcast axis, whose
values do not depend on the index, still raises NumPy's IndexError for an out-of-bounds
index (npc used to fold the read and drop the check), on both targets."""

import numpy as np
import pytest


@pytest.fixture
def kernel(kernels_on_both_targets):
    return kernels_on_both_targets("fancy_constant_operand.py")


@pytest.mark.parametrize("idx,n", [([0, 2, -3, 1], 3), ([], 0), ([], 4), ([-1], 1)])
def test_in_bounds(kernel, idx, n):
    kernel.check(np.array(idx, np.int64), np.array([0.5, -2.0]), n)


@pytest.mark.parametrize("idx,n,bad", [([0, 1], 0, 0), ([0, 3, 1], 3, 3), ([-4], 3, -4)])
def test_out_of_bounds_raises(kernel, idx, n, bad):
    kernel.check_raises(np.array(idx, np.int64), np.array([0.5, -2.0]), n,
                        match=f"index {bad} is out of bounds for axis 0 with size {n}")
