"""kernels/size_one_axes.py: np.expand_dims, np.squeeze, np.broadcast_to; a squeezed or
broadcast run-time extent that is not 1 (nor the target) raises NumPy's ValueError."""

import numpy as np
import pytest

KERNEL = "size_one_axes.py"


def inputs(n=5, k=4, c=(3, 1), b=(1, 3)):
    return (np.arange(n, dtype=np.float64) - 1.5, np.arange(k, dtype=np.int16).reshape(1, k),
            np.arange(np.prod(c), dtype=np.float64).reshape(c),
            np.arange(np.prod(b), dtype=np.float64).reshape(b) * 0.5)


@pytest.mark.parametrize("n,k,c,b", [(5, 4, (3, 1), (1, 3)), (2, 2, (1, 1), (3, 2)),
                                     (2, 0, (0, 1), (3, 0))])
def test_size_one_axes(kernel, n, k, c, b):
    kernel.check(*inputs(n, k, c, b))


def test_squeeze_of_a_longer_axis_raises(kernel):
    kernel.check_raises(*inputs(c=(3, 2)),
                        match="cannot select an axis to squeeze out which has size not equal to one")


def test_broadcast_to_a_mismatched_extent_raises(kernel):
    kernel.check_raises(*inputs(b=(2, 3)),
                        match="operands could not be broadcast together with remapped shapes")


@pytest.mark.parametrize("n", [0, 3, -1])
def test_broadcast_to_a_run_time_count(kernels_on_both_targets, n):
    k = kernels_on_both_targets("broadcast_to_counts.py")
    v = np.array([1.5, -2.0])
    if n < 0:
        k.check_raises(v, n, match="all elements of broadcast shape must be non-negative")
    else:
        k.check(v, n)
