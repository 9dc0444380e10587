"""kernels/inplace.py: in-place updates and slice assignment (NumPy computes the right
side first; writes into arguments are visible to the caller)."""

import numpy as np
import pytest

KERNEL = "inplace.py"


@pytest.mark.parametrize("rows,cols", [(3, 4), (1, 1), (5, 2), (2, 9)])
def test_shapes(kernel, rows, cols):
    rng = np.random.default_rng(rows * 10 + cols)
    m = rng.uniform(-1, 1, size=(rows, cols))
    v = rng.uniform(0, 1, size=cols)
    k = rng.integers(-50, 50, size=5)
    kernel.check(m, v, k)


def test_arguments_written_in_place(kernel, tmp_path):
    """The driver's --save-args shows the caller's arrays after the call."""
    m = np.arange(6.0).reshape(2, 3)
    v = np.array([0.25, 0.5, 1.0])
    k = np.array([-7, 5, 3], dtype=np.int64)
    run = kernel.run([m, v, k])
    assert run.returncode == 0, run.stderr
    want_m, want_k = m.copy(), k.copy()
    kernel.reference(want_m, v.copy(), want_k)
    np.testing.assert_array_equal(run.outputs[3], want_m)
    np.testing.assert_array_equal(run.outputs[2], want_k)


@pytest.mark.parametrize("seed", [0, 1])
def test_element_reads_and_swaps(kernels, seed):
    # Element reads are copies, and tuple assignments read every value before storing:
    # `x[0], x[1] = x[1], x[0]` swaps (found wrong by a review: the reads were lazy views).
    rng = np.random.default_rng(seed)
    kernels("element_swaps.py").check(rng.normal(size=4), rng.normal(size=(3, 2)),
                                      rng.normal(size=9))


def test_tuple_stores_of_views(kernels):
    """m[0], m[1] = m[1], m[0] copies row 1 into both rows, as NumPy does (views); computed
    right sides (m[3] * 1.0) are swapped."""
    kernels("view_swaps.py").check(np.arange(16.0).reshape(4, 4), np.arange(5.0),
                                   np.arange(5.0) + 10)


@pytest.mark.parametrize("flag", [True, False])
def test_writes_through_names_of_local_arrays(kernels_on_both_targets, flag):
    # Writes through an alias or a view of a local array not yet in memory reach it.
    kernels_on_both_targets("local_views.py").check(np.arange(5.0), 4, flag)


@pytest.mark.parametrize("n,flag", [(0, False), (1, True), (3, True), (4, False)])
def test_rebound_arguments_updated_in_place(kernels_on_both_targets, n, flag):
    # kernels/rebound_arguments.py: `x = x - ...` then `x[0] = i` in a loop (and in a
    # helper, and in a branch) updates the new array; the caller's x and g stay as they were.
    kernel = kernels_on_both_targets("rebound_arguments.py")
    rng = np.random.default_rng(n)
    kernel.check(rng.uniform(-2, 2, 5), rng.uniform(-2, 2, 5), n, flag)


@pytest.mark.parametrize("n", [0, 1, 3])
def test_argument_updated_while_a_copy_holds_a_new_array(kernels_on_both_targets, n):
    kernels_on_both_targets("loop_copies.py").check(np.arange(4.0), n)


@pytest.mark.parametrize("n", [0, 1, 4, 9])
def test_updates_of_runtime_shape_reading_the_target(kernels_on_both_targets, n):
    """kernels/elimination.py: `a[k+1:, k:] -= np.outer(a[k+1:, k] / a[k, k], a[k, k:])`
    and `x[i:] = x[:n - i] * 0.5`, `z[i:] += z[:n - i]` in loops (were refused: the right side, which reads the
    target, now gets a buffer allocated where the statement runs)."""
    rng = np.random.default_rng(n)
    a = rng.uniform(-1, 1, (n, n))
    kernels_on_both_targets("elimination.py").check(a, rng.uniform(size=n + 2))


@pytest.mark.parametrize("n", [1, 2, 5, 9])
def test_named_copies_of_runtime_shape_in_loops(kernels_on_both_targets, n):
    """kernels/named_elimination.py: `g = a[k+1:, k] / a[k, k]`, then `a[k+1:, k] = 0.0`,
    then `g` read (was refused: the copy of `g` was a buffer allocated on entry, and its
    shape, a slice by the loop counter, is not known there)."""
    rng = np.random.default_rng(n)
    a = rng.uniform(-1, 1, (n, n)) + n * np.eye(n)
    kernels_on_both_targets("named_elimination.py").check(a, rng.uniform(size=n), rtol=1e-12)


@pytest.mark.parametrize("shape", [(0, 3), (1, 1), (3, 5), (6, 4)])
def test_copies_of_runtime_shape(kernels_on_both_targets, shape):
    """kernels/copies_of_runtime_shape.py: a mask's elements kept across an update of the
    array, and a block by a `while` counter kept across updates of the array and of the
    counter (both were refused); an empty `a` raises NumPy's IndexError."""
    a = np.random.default_rng(len(shape) + shape[0]).uniform(-1, 1, shape)
    kernels_on_both_targets("copies_of_runtime_shape.py").check_like_numpy(a, raises=IndexError)


@pytest.mark.parametrize("n", [0, 1, 4])
def test_updates_of_loop_variables_other_names_held(kernels_on_both_targets, n):
    """kernels/loop_aliases.py: `y = t` then `y[i % 3] = 0.5` in a loop, with `t` not read
    again (was refused: 't' and 'y' are the same array), and `u = y + 1` after `y = u`
    before `y[0] = 5.0`, and `w = w_new` then `w[0] = 0.0` after an update of `w_new`
    (Jacobi with a boundary; was refused)."""
    kernels_on_both_targets("loop_aliases.py").check(np.arange(5.0), n)
