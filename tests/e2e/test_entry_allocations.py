"""kernels/entry_allocations.py: arrays npc allocates when the function starts (an array
assigned in a branch, a temporary after an early return) raise NumPy's ValueError for a
negative extent or operands that do not broadcast only where the statement creating them
runs, as NumPy does (both targets)."""

import numpy as np
import pytest


@pytest.fixture
def kernel(kernels_on_both_targets):
    return kernels_on_both_targets("entry_allocations.py")


@pytest.mark.parametrize("n,k", [(-7, 3), (-7, -3), (-6, 1), (0, 2), (4, 6), (5, 1)])
def test_statements_that_run_allocate(kernel, n, k):
    kernel.check(np.arange(6.0), n, k, np.ones(4))


@pytest.mark.parametrize("n,k", [(-2, 0), (-1, 3), (-5, -1)])
def test_negative_extent_raises_where_created(kernel, n, k):
    kernel.check_raises(np.arange(6.0), n, k, np.ones(4), match="negative dimensions are not allowed")


def test_earlier_statement_raises_first(kernel):
    kernel.check_raises(np.arange(6.0), -3, 4, np.ones(4), match="cannot reshape array of size")


@pytest.mark.parametrize("w", [np.ones(6), np.ones(1)])
def test_broadcasting_operands_in_branch(kernel, w):
    kernel.check(np.arange(6.0), 2, -101, w)


def test_operands_that_do_not_broadcast_raise_where_added(kernel):
    kernel.check_raises(np.arange(6.0), 2, -101, np.ones(4), match="could not be broadcast")
