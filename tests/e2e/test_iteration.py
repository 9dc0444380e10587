"""kernels/iteration.py: `for x in array`, `enumerate` and `zip` loops against NumPy on
both targets, including arrays that do not run the loop."""

import numpy as np
import pytest

CASES = {
    "general": (np.array([1.0, -2.0, 3.0]), np.arange(12.0).reshape(4, 3) / 3,
                np.array([5, 7, 9])),
    "empty": (np.zeros(0), np.ones((2, 3)), np.zeros(0, np.int64)),
    "zip-shorter": (np.arange(6.0), np.ones((2, 3)), np.array([-4])),
}


@pytest.mark.parametrize("case", CASES)
def test_iteration(kernels_on_both_targets, case):
    kernels_on_both_targets("iteration.py").check(*CASES[case])


@pytest.mark.parametrize("shape", [(3, 2), (1, 4), (0, 2)])
def test_loop_targets_are_views(kernels_on_both_targets, shape):
    """kernels/iteration_views.py: writes through rows reach the array; reads see writes."""
    m = np.arange(float(np.prod(shape))).reshape(shape) + 1.0
    if shape[0] == 0:
        with pytest.raises(IndexError):  # m[0, 1] of an empty m
            kernels_on_both_targets("iteration_views.py").numpy(m)
        return
    kernels_on_both_targets("iteration_views.py").check(m)


@pytest.mark.parametrize("c,n", [(True, 3), (False, 0)])
def test_tuple_assignment_keeps_views(kernels_on_both_targets, c, n):
    """kernels/tuple_assign_views.py: `i, r = i + 1, m[i]` then `r += i` updates m."""
    kernels_on_both_targets("tuple_assign_views.py").check(
        np.arange(6.0).reshape(3, 2), c, np.arange(7.0), n)


@pytest.mark.parametrize("n", [0, 1, 6])
def test_loops_over_masked_elements(kernels_on_both_targets, n):
    """kernels/iteration_masked.py: loops over `x[x > 0]` and `m[m[:, 0] > 0.5]` (were
    refused: the iterated copy's length only the run time knows)."""
    rng = np.random.default_rng(n)
    kernels_on_both_targets("iteration_masked.py").check_like_numpy(
        rng.uniform(-1, 1, n), rng.uniform(0, 1, (n, 3)), raises=IndexError)
