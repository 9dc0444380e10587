"""kernels/narrow_sentinel.py: a variable that starts as a Python int and takes int8
values in a loop is an int8 variable in npc; a start value that does not fit raises
NumPy's OverflowError (`np.int8(1000)`'s) instead of wrapping (it returned -24 before),
on both targets. (Python keeps the int, so NumPy's code returns the smallest element.)"""

import numpy as np
import pytest


def test_start_that_fits(kernels_on_both_targets):
    k = kernels_on_both_targets("narrow_sentinel.py")
    k.check(np.array([100, 50, 3], np.int8), 127)
    k.check(np.array([100, -50, 3], np.int8), -1)


@pytest.mark.parametrize("start", [1000, -129])
def test_start_beyond_the_dtype(kernels_on_both_targets, start):
    k = kernels_on_both_targets("narrow_sentinel.py")
    k.numpy(np.array([-100, 50], np.int8), start)  # NumPy's code runs (Python ints)
    r = k.run((np.array([-100, 50], np.int8), start))
    assert r.returncode == 1, r.stderr
    assert f"error: Python integer {start} out of bounds for int8" in r.stderr, r.stderr
