"""Variables whose shapes change with their values (were located errors: "npc needs a
variable assigned in a loop or branch to keep its shape"): kernels/changing_shapes.py,
changing_shapes_nested.py, bisect_indices.py and appended.py against NumPy on both
targets, including loops that do not run and arrays that empty."""

import numpy as np
import pytest


@pytest.mark.parametrize("n,steps", [(1, 0), (7, 2), (40, 3)])
def test_shrinking_in_loops(kernels_on_both_targets, n, steps):
    rng = np.random.default_rng(n)
    kernels_on_both_targets("changing_shapes.py").check(
        rng.uniform(-1, 1, n), rng.uniform(0, 1, (n + 2, 3)), steps)


@pytest.mark.parametrize("n,steps", [(6, 0), (6, 3), (9, 5)])
def test_nested_views_and_dtypes(kernels_on_both_targets, n, steps):
    x = np.random.default_rng(n).uniform(-1, 1, n)
    kernels_on_both_targets("changing_shapes_nested.py").check(x, steps)


@pytest.mark.parametrize("t", [-1.0, 0.0, 3.5, 6.0, 100.0])
def test_bisect_in_branches(kernels_on_both_targets, t):
    kernels_on_both_targets("bisect_indices.py").check(np.arange(7.0), t)


@pytest.mark.parametrize("a", [[1.0, -1.0, 2.0, 3.0, -4.0], [-1.0, -2.0], []])
def test_append(kernels_on_both_targets, a):
    m = np.arange(6.0).reshape(2, 3)
    s = np.array([-3, 0, 127], dtype=np.int8)
    kernels_on_both_targets("appended.py").check_like_numpy(np.array(a), m, s, raises=IndexError)


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_transposed_and_reshaped_in_loops(kernels_on_both_targets, n):
    a = np.arange(12.0).reshape(3, 4)
    kernels_on_both_targets("reshaped_in_loops.py").check(a, n)
