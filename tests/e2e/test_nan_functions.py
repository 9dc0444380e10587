"""kernels/nan_functions.py against NumPy on both targets."""

import numpy as np
import pytest

NAN = np.nan


@pytest.mark.parametrize("a,b", [
    (np.array([[1.0, NAN, 3.0], [NAN, NAN, 2.0]]), np.array([NAN, 2.5, -1.5], np.float32)),
    (np.array([[NAN, NAN], [NAN, 4.0]]), np.array([NAN, NAN], np.float32)),  # all-NaN slices
    (np.array([[-np.inf, NAN, 7.5]]), np.array([np.inf, 1.0], np.float32)),
])
def test_nan_reductions(kernels_on_both_targets, a, b):
    k = kernels_on_both_targets("nan_functions.py")
    k.check(a, b, np.array([3, -4, 5]))


def test_item_of_several_elements_raises(kernels_on_both_targets):
    k = kernels_on_both_targets("nan_functions.py")
    k.check_raises(np.ones((2, 2)), np.ones(2, np.float32), np.array([5, 6]),
                   match="can only convert an array of size 1 to a Python scalar")


def test_nanmax_of_empty_raises(kernels_on_both_targets):
    k = kernels_on_both_targets("nan_functions.py")
    k.check_raises(np.ones((0, 2)), np.ones(2, np.float32), np.array([5]),
                   match="zero-size array to reduction operation")
