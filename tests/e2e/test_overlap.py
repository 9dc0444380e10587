"""kernels/overlap.py, store_shapes.py, inplace_broadcast.py and mask_update.py: in-place
updates reading their own target, and run-time shape checks of stores and in-place
updates."""

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


MASK_UPDATE_X = np.array([1.0, -2.0, 3.0, -4.0, 0.5])
MASK_UPDATE_M = np.array([[1.0, 2.0, 3.0], [-1.0, 0.0, 1.0], [2.0, 2.0, 2.0]])


@pytest.mark.parametrize("w", [[10.0, 20.0], [7.0]])
def test_mask_update(kernels_on_both_targets, w):
    """x[x < 0] -= w: w has the mask's count (2) of elements, or 1."""
    kernels_on_both_targets("mask_update.py").check(
        MASK_UPDATE_X.copy(), np.arange(5.0), np.array(w), MASK_UPDATE_M.copy(),
        np.array([0.5, -1.0, 2.0]))


@pytest.mark.parametrize("x,w,words", [
    (MASK_UPDATE_X, [1.0, 2.0, 3.0], "operands could not be broadcast together"),
    (np.array([1.0, -2.0, 3.0]), [1.0, 2.0, 3.0],  # one masked element: the updated extent
     "non-broadcastable output operand with shape")])
def test_mask_update_mismatch_raises(kernels_on_both_targets, x, w, words):
    kernels_on_both_targets("mask_update.py").check_raises(
        x.copy(), np.arange(float(len(x))), np.array(w), MASK_UPDATE_M.copy(),
        np.array([0.5, -1.0, 2.0]), match=words)


@pytest.mark.parametrize("n", [0, 1, 3, 4])
def test_inplace_same_view(kernels_on_both_targets, n):
    kernels_on_both_targets("inplace_same_view.py").check(
        np.arange(6.0) - 2.0, np.arange(24.0).reshape(4, 6) / 7.0, n)


@pytest.mark.parametrize("seed", [0, 1])
def test_mask_same_mask(kernels_on_both_targets, seed):
    rng = np.random.default_rng(seed)
    kernels_on_both_targets("mask_same_mask.py").check(
        rng.uniform(-2, 3, 9), rng.uniform(-1, 1, 9), rng.uniform(-3, 9, (5, 3)),
        rng.uniform(-1, 1, (5, 3)))


@pytest.mark.parametrize("k", [0, 2])
def test_inplace_scalar_reads(kernels_on_both_targets, k):
    kernels_on_both_targets("inplace_scalar_reads.py").check(
        np.array([1.0, -2.0, 3.0, 0.5, -0.25]), np.arange(12.0).reshape(4, 3) - 3.0, k)


@pytest.mark.parametrize("n", [0, 1, 3])
def test_rebind_views(kernels_on_both_targets, n):
    kernels_on_both_targets("rebind_views.py").check(np.arange(5.0), n)
