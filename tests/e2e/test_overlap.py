"""kernels/overlap.py, store_shapes.py and inplace_broadcast.py: in-place updates reading
their own target, and run-time shape checks of stores and in-place updates."""

import numpy as np
import pytest

KERNEL = "overlap.py"


@pytest.mark.parametrize("n", [2, 5, 8])
def test_overlap(kernel, n):
    kernel.check(np.arange(n, dtype=np.float64) + 1, np.arange(n * n, dtype=np.float64).reshape(n, n))


@pytest.mark.parametrize("ny", [4, 1])
def test_store_shapes(kernels, ny):
    k = kernels("store_shapes.py")
    k.check(np.zeros(4), np.arange(ny, dtype=np.float64) + 2, np.ones((4, 3)))


@pytest.mark.parametrize("ny", [3, 9])
def test_store_shape_mismatch_raises(kernels, ny):
    k = kernels("store_shapes.py")
    k.check_raises(np.zeros(5), np.arange(ny, dtype=np.float64), np.ones((5, 2)),
                   match="could not broadcast input array from shape")


def test_element_read_before_update_in_loop(kernels):
    """v = x[0]; x[i:] += v inside a loop over i, as NumPy computes it."""
    kernels("element_then_update.py").check(np.array([2.0, -1.0, 0.5, 3.0, 10.0]))


@pytest.mark.parametrize("na,nb", [(4, 4), (4, 1)])
def test_inplace_broadcast(kernels, na, nb):
    kernels("inplace_broadcast.py").check(np.arange(na) + 1.0, np.arange(nb) - 2.0,
                                          np.ones((3, na)))


@pytest.mark.parametrize("na,nb,words", [
    (1, 4, "non-broadcastable output operand with shape"),  # the updated extent is 1
    (2, 3, "operands could not be broadcast together")])
def test_inplace_broadcast_mismatch_raises(kernels, na, nb, words):
    kernels("inplace_broadcast.py").check_raises(
        np.ones(na), np.arange(nb, dtype=np.float64), np.ones((3, na)), match=words)
