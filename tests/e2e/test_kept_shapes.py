"""kernels/gradient_descent.py, kept_shapes.py, power_iteration.py, branch_arguments.py:
names rebound in loops and branches to a broadcast of their own value with other arrays,
or to values with other arguments' extents, keep their shape, checked at run time (both
targets)."""

import numpy as np
import pytest


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("n,d,steps", [(50, 3, 40), (7, 1, 5), (0, 2, 3), (20, 4, 0)])
def test_gradient_descent(kernels_on_both_targets, dtype, n, d, steps):
    rng = np.random.default_rng(n + d)
    X = rng.normal(size=(n, d)).astype(dtype)
    y = (X @ np.arange(1.0, d + 1) + 0.1 * rng.normal(size=n)).astype(dtype)
    k = kernels_on_both_targets("gradient_descent.py")
    k.check(X, y, np.zeros(d, dtype), steps, 0.1)


def test_gradient_descent_mismatched_shapes_raise_numpy_error(kernels_on_both_targets):
    k = kernels_on_both_targets("gradient_descent.py")
    k.check_raises(np.ones((4, 3)), np.ones(4), np.zeros(2), 2, 0.1, match="mismatch")


@pytest.mark.parametrize("w,g", [(np.arange(3.0), np.ones(3)), (np.arange(3.0), np.ones(1)),
                                 (np.ones(1), np.ones(1)), (np.ones(0), np.ones(1))])
@pytest.mark.parametrize("c", [True, False])
@pytest.mark.parametrize("steps", [0, 3])
def test_shapes_kept(kernels_on_both_targets, w, g, c, steps):
    kernels_on_both_targets("kept_shapes.py").check(w, g, c, steps)


@pytest.mark.parametrize("c,steps", [(True, 0), (True, 2), (False, 2)])
def test_shape_change_npc_cannot_follow(kernels_on_both_targets, c, steps):
    """NumPy's w becomes g's length; npc stops with NotImplementedError naming 'w'."""
    k = kernels_on_both_targets("kept_shapes.py")
    w, g = np.ones(1), np.arange(3.0)
    k.check_like_python(w, g, c, steps, npc_refuses=lambda want: want[0].shape != w.shape,
                        message="'w' would change shape from (1,) to (3,)")


@pytest.mark.parametrize("n,steps", [(4, 30), (1, 3), (5, 0), (0, 2)])
def test_power_iteration(kernels_on_both_targets, n, steps):
    rng = np.random.default_rng(n)
    M = rng.normal(size=(n, n))
    k = kernels_on_both_targets("power_iteration.py")
    k.check(M @ M.T + n * np.eye(n), np.ones(n), steps)


@pytest.mark.parametrize("shape,steps", [((3, 2), 1), ((1, 2), 1), ((3, 2), 0)])
def test_power_iteration_shape_change(kernels_on_both_targets, shape, steps):
    """NumPy's v becomes A.shape[0] long; npc stops with NotImplementedError naming 'v'
    (after 0 steps v keeps its shape)."""
    k = kernels_on_both_targets("power_iteration.py")
    A, v = np.arange(1.0, 7.0)[:shape[0] * shape[1]].reshape(shape), np.ones(shape[1])
    k.check_like_python(A, v, steps, npc_refuses=lambda want: want.shape != v.shape,
                        message=f"'v' would change shape from ({shape[1]},) to ({shape[0]},)")


@pytest.mark.parametrize("nx,ny", [(3, 3), (0, 0), (3, 2), (2, 3)])
@pytest.mark.parametrize("c", [True, False])
def test_branches_of_different_arguments(kernels_on_both_targets, nx, ny, c):
    """z takes x's extent; where y's differs and the else branch runs, NumPy's z is y's
    length and npc raises NotImplementedError."""
    k = kernels_on_both_targets("branch_arguments.py")
    x, y = np.arange(nx, dtype=np.float32), np.arange(ny, dtype=np.float32)
    k.check_like_python(x, y, c, npc_refuses=lambda want: want[1].shape != x.shape,
                        message=f"'z' would change shape from ({nx},) to ({ny},)")


@pytest.mark.parametrize("shape", [(2, 3), (1, 0), (4, 1)])
@pytest.mark.parametrize("c", [True, False])
def test_joins_in_branches(kernels_on_both_targets, shape, c):
    """kernels/branch_joins.py: joins of one shape in both branches (were refused: their
    lengths, sums of extents, compared as different run-time values)."""
    m = np.arange(float(shape[0] * shape[1])).reshape(shape)
    kernels_on_both_targets("branch_joins.py").check(m, np.arange(float(shape[1])), c)
