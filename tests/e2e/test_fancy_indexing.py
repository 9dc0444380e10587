"""kernels/fancy_read.py, fancy_write.py, mask_read.py, mask_write.py: NumPy's advanced
indexing (integer index arrays and boolean masks), read and written, compared with NumPy
(in-place updated arguments too); out-of-bounds indices and mismatched masks raise
NumPy's errors."""

import numpy as np
import pytest

KERNEL = "fancy_read.py"


def read_args(rows, cols, idx, j, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, size=(rows, cols))
    v = rng.uniform(-1, 1, size=rows)
    t = rng.uniform(-1, 1, size=(cols, cols + 1, cols))
    return x, np.array(idx, np.int64), np.array(j, np.int32), v, t


@pytest.mark.parametrize("idx,j", [([0, 4, -1, 2, 2], [1, -4, 3]), ([3], [0]),
                                    ([-5, 1, 1, 1], [2, 2]), ([], [])])
def test_reads(kernel, idx, j):
    kernel.check(*read_args(5, 4, idx, j))


def test_read_out_of_bounds_raises(kernel):
    kernel.check_raises(*read_args(5, 4, [0, 10, 1], [1]),
                        match="index 10 is out of bounds for axis 0 with size 5")


def test_read_negative_out_of_bounds_raises(kernel):
    # x[:, j]: NumPy names the axis of the original array (1).
    kernel.check_raises(*read_args(5, 4, [0], [1, -5]),
                        match="index -5 is out of bounds for axis 1 with size 4")


@pytest.mark.parametrize("idx,k", [([0, 2, 2, -1, 5, 0], [1, 1, -2, 3]), ([], []),
                                  ([4, 4, 4], [0])])
def test_writes(kernels, idx, k):
    kernel = kernels("fancy_write.py")
    rng = np.random.default_rng(len(idx))
    x = rng.uniform(-1, 1, size=6)
    m = rng.uniform(-1, 1, size=(6, 3))
    v = rng.uniform(-1, 1, size=3)
    z = np.arange(5, dtype=np.int16) * 3
    kernel.check(x, np.array(idx, np.int64), m, v, np.array(k, np.int8), z)


def test_write_out_of_bounds_raises_before_writing(kernels):
    kernel = kernels("fancy_write.py")
    x = np.zeros(6)
    m = np.zeros((6, 3))
    r = kernel.check_raises(x, np.array([1, 6], np.int64), m, np.ones(3), np.array([0], np.int8),
                            np.zeros(5, np.int16),
                            match="index 6 is out of bounds for axis 0 with size 6")
    assert r.returncode == 1


@pytest.mark.parametrize("n,rows", [(7, 4), (1, 1), (0, 3), (12, 5)])
def test_mask_reads(kernels, n, rows):
    kernel = kernels("mask_read.py")
    rng = np.random.default_rng(n)
    x = rng.uniform(-1, 1, size=n)
    m = rng.uniform(-1, 1, size=(rows, 3))
    b = rng.uniform(size=n) < 0.5
    kernel.check(x, m, b)


def test_mask_shape_mismatch_raises(kernels):
    kernel = kernels("mask_read.py")
    kernel.check_raises(np.ones(5), np.ones((2, 3)), np.ones(4, bool),
                        match="boolean index did not match indexed array along axis 0")


@pytest.mark.parametrize("n,rows", [(7, 4), (1, 1), (0, 2), (12, 5)])
def test_mask_writes(kernels, n, rows):
    kernel = kernels("mask_write.py")
    rng = np.random.default_rng(n + 100)
    a = rng.uniform(-1, 1, size=n)
    b = rng.uniform(-1, 1, size=n)
    m = rng.uniform(-1, 1, size=(rows, 3))
    vals = rng.uniform(-1, 1, size=int(np.count_nonzero(b > 0.5)))
    kernel.check(a, b, m, vals)


def test_mask_write_of_one_value_broadcasts(kernels):
    kernel = kernels("mask_write.py")
    b = np.array([0.9, 0.1, 0.7, 0.8])
    kernel.check(np.zeros(4), b, np.ones((2, 3)), np.array([5.0]))


def test_mask_write_count_mismatch_raises(kernels):
    kernel = kernels("mask_write.py")
    b = np.array([0.9, 0.1, 0.7, 0.8])
    # NumPy's message, with the run-time counts.
    kernel.check_like_numpy(np.zeros(4), b, np.ones((2, 3)), np.array([1.0, 2.0]),
                            raises=ValueError)



def test_masks_holding_reductions(kernels):
    rng = np.random.default_rng(5)
    kernels("mask_reduced.py").check(rng.uniform(-1, 1, size=100003),
                                     rng.uniform(-1, 1, size=(50, 4)), threads=2)


@pytest.mark.parametrize("fill", [0.1, 1 / 3, 0.7])
def test_mask_holding_a_reduction_is_consistent(kernels, fill):
    """A constant array's mean lies above or below its elements by rounding alone, in an
    order-dependent way (npc's parallel sum may round otherwise than NumPy's pairwise
    one): whichever it is, the count and the compaction must agree, so `x[x > mean]` is
    all of x or none of it (100003 elements: several threads' partial sums)."""
    x = np.full(100003, fill)
    r = kernels("mask_reduced.py").run([x, np.ones((2, 4))], threads=2)
    assert r.returncode == 0, r.stderr
    above = r.outputs[0]
    assert above.shape in [(0,), x.shape] and np.all(above == fill)


M_ROWS = np.array([[1.0, 2, 3], [-1, 0, 0], [2, 2, 2], [-3, 0, 0]])


@pytest.mark.parametrize("v,idx", [(np.ones((2, 3)), [3, 0]), (np.ones((1, 3)), [1, 2, 1]),
                                   (np.arange(3.0)[None, :], [0])])
def test_fancy_write_shapes(kernels, v, idx):
    kernels("fancy_write_shapes.py").check(M_ROWS.copy(), v, np.array(idx))


@pytest.mark.parametrize("v,idx", [(np.ones((3, 3)), [0, 1, 2]), (np.ones((2, 3)), [0, 1, 2])])
def test_fancy_write_shape_mismatch_raises(kernels, v, idx):
    r = kernels("fancy_write_shapes.py").check_raises(
        M_ROWS.copy(), v, np.array(idx),
        match="shape mismatch: value array of shape")
    assert "could not be broadcast to indexing result of shape" in r.stderr


@pytest.mark.parametrize("k,p", [(0, 2), (1, 1), (-1, 0), (0, 5)])
def test_lists_as_indices(kernels_on_both_targets, k, p):
    """kernels/list_indices.py: `M[[k, p]] = M[[p, k]]`, `x[[0, 2, -1]]`, a list of bools,
    `x[[]]` and `M[[0, 1], [1, 0]] += 10` (were refused); p = 5 raises NumPy's IndexError."""
    kernels_on_both_targets("list_indices.py").check_like_numpy(
        np.arange(12.0).reshape(3, 4), np.arange(4.0), k, p, raises=IndexError)


def inner_mask_args(rows, cols, depth, seed):
    rng = np.random.default_rng(seed)
    return (rng.normal(size=(rows, cols, depth)), rng.uniform(size=cols) < 0.5,
            rng.uniform(size=depth) < 0.5, rng.uniform(size=(cols, depth)) < 0.5)


@pytest.mark.parametrize("rows,cols,depth,seed", [(2, 3, 4, 0), (1, 1, 3, 1), (3, 5, 7, 2)])
def test_masks_after_other_indices(kernels_on_both_targets, rows, cols, depth, seed):
    kernels_on_both_targets("mask_inner.py").check(*inner_mask_args(rows, cols, depth, seed),
                                                  rtol=0)


def test_masks_after_other_indices_all_false(kernels_on_both_targets):
    x, m, n, p = inner_mask_args(2, 3, 4, 6)
    x[0, 0] = 1.0  # the computed mask is all false too
    kernels_on_both_targets("mask_inner.py").check(x, m & False, n & False, p & False, rtol=0)


@pytest.mark.parametrize("which", [1, 2, 3])
def test_mask_after_other_indices_mismatch(kernels_on_both_targets, which):
    """NumPy's IndexError names the indexed array's axis (1 or 2 here), not the mask's."""
    args = list(inner_mask_args(2, 3, 4, 5))
    args[which] = args[which][..., :-1]
    k = kernels_on_both_targets("mask_inner.py")
    with pytest.raises(IndexError) as e:
        k.numpy(*args)
    assert f"along axis {1 if which == 1 else 2}" in str(e.value)
    k.check_raises(*args, match=str(e.value))
