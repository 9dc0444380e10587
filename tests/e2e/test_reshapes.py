"""kernels/reshapes.py: reshape with -1, tuple and varargs shapes and extents from
`x.shape`, ravel, flatten, of arguments, transposed views and expressions; a -1 the run
time infers raises NumPy's ValueError when the size does not divide; extents from an int
argument (`v.reshape(k, -1)`, checked like the -1) and a mismatch they cause."""

import numpy as np
import pytest

KERNEL = "reshapes.py"


@pytest.mark.parametrize("shape,n", [((2, 3), 8), ((4, 5), 2), ((1, 1), 0), ((0, 3), 4),
                                     ((3, 1), 6)])
def test_reshapes(kernel, shape, n):
    x = np.arange(np.prod(shape), dtype=np.float64).reshape(shape) * 1.25 - 3
    kernel.check(x, np.arange(n, dtype=np.int64) * 3 - 5, np.arange(6, dtype=np.float32) / 7, 2)


def test_size_that_does_not_divide_raises(kernel):
    kernel.check_like_numpy(np.ones((2, 3)), np.arange(5), np.ones(6, np.float32), 2,
                            raises=ValueError)


def test_run_time_extent_that_does_not_fit_raises(kernel):
    kernel.check_raises(np.ones((2, 3)), np.arange(6), np.ones(6, np.float32), 4,
                        match="cannot reshape array of size")


def test_flatten_copies(kernels):
    """m.flatten() keeps its values across in-place updates of m; writes into it stay in it."""
    kernels("flatten_copies.py").check(np.arange(24.0).reshape(4, 6))


def test_unknown_extent_from_an_argument(kernels):
    k = kernels("reshape_unknown.py")
    k.check(np.arange(6.0), 2, 3)
    r = k.run([np.arange(6.0), -1, 3])
    assert r.returncode == 1, r.stdout
    assert "npc takes reshape's -1, the extent to infer, only when it is written as -1" in r.stderr


@pytest.mark.parametrize("shape", [(3, 20), (9, 2), (0, 4)])
def test_reshape_of_constants(kernels_on_both_targets, shape):
    """kernels/reshape_folded.py (found by a review helper: an unread lane array broke
    -Werror builds)."""
    x = np.arange(np.prod(shape), dtype=np.float64).reshape(shape)
    kernels_on_both_targets("reshape_folded.py").check(x)
