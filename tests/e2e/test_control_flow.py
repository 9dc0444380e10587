"""kernels/control_flow.py and kernels/early_return.py: Python statements on scalars;
kernels/loop_counters.py: a loop counter's value after its loop; kernels/endless_loops.py:
`while True:` left by `return`."""

import numpy as np
import pytest

KERNEL = "control_flow.py"


@pytest.mark.parametrize("start,stop,step", [(0, 10, 1), (9, -1, -1), (2, 20, 3), (-3, 8, 2),
                                             (10, 0, -3), (0, 3, 7)])
@pytest.mark.parametrize("seed", [0, 1])
def test_ranges(kernel, start, stop, step, seed):
    x = np.random.default_rng(seed).uniform(-12, 12, size=10)
    kernel.check(x, start, stop, step)


def test_empty_range_keeps_promoted_dtype(kernel):
    # Documented difference: `total = 0` becomes float64 in the loop, so npc's variable is
    # float64 even when the loop never runs (Python would return the int 0).
    x = np.ones(4)
    r = kernel.run([x, 5, 5, 1])
    assert r.returncode == 0, r.stderr
    want = kernel.numpy(x, 5, 5, 1)
    assert r.outputs[0].dtype == np.float64 and r.outputs[0] == want[0]
    for got, expected in zip(r.outputs[1:], want[1:]):
        np.testing.assert_array_equal(got, expected)


def test_zero_step_raises(kernel):
    kernel.check_raises(np.ones(4), 0, 4, 0, match="range() arg 3 must not be zero")


def test_short_input(kernel):
    kernel.check(np.array([3.0, 20.0]), 0, 2, 1)


@pytest.mark.parametrize("threshold", [0.5, 100.0, -1.0])
def test_early_return(kernels, threshold):
    k = kernels("early_return.py")
    x = np.random.default_rng(3).uniform(0, 1, size=17)
    k.check(x, threshold)


@pytest.mark.parametrize("n", [0, 1, 3])
def test_reversed_in_loop(kernels, n):
    kernels("loop_reverse.py").check(np.arange(5.0), n)


@pytest.mark.parametrize("shift", [-1.0, 0.0, 1.0])
def test_one_element_condition(kernels, shift):
    kernels("one_element_condition.py").check(np.arange(4.0) + shift, np.eye(3) + shift)


@pytest.mark.parametrize("a,b,c", [(5, 5, 1), (7, 3, 1), (1, 4, 1), (0, 0, 1), (-2, 0, 2),
                                   (1, 2, 1)])
def test_loop_counter_after_loop(kernels_on_both_targets, a, b, c):
    kernels_on_both_targets("loop_counters.py").check(a, b, c)


@pytest.mark.parametrize("t", [2.5, 0.5, 5.5])
def test_endless_loop_returns(kernels_on_both_targets, t):
    x = np.array([1.0, 3.0, 100.0, 0.25])
    kernels_on_both_targets("endless_loops.py").check(x, 1e-12, np.arange(1, 4, dtype=np.float32),
                                                      t)


@pytest.mark.parametrize("n", [0, 1, 3])
@pytest.mark.parametrize("mode", [0, 1, 2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("x", [[1.0, -2.0, 3.0, 4.0], [1.0, 2.0, -3.0, -4.0]])
def test_unassigned_names(kernels_on_both_targets, n, mode, x):
    # Raises UnboundLocalError exactly where NumPy's run of the Python function does.
    k = kernels_on_both_targets("unassigned_names.py")
    x = np.array(x)
    k.check_like_numpy(x, n, mode, raises=UnboundLocalError)


@pytest.mark.parametrize("mode", range(13))
@pytest.mark.parametrize("n,m,x,a", [(7, 0, 1.5, []), (7, 2, 2.5, [1.0, 1.0, 1.0]),
                                     (3, 3, 1.0, [1.0, -1.0]), (0, 0, -0.0, [0.0])])
def test_python_division_by_zero(kernels_on_both_targets, mode, n, m, x, a):
    k = kernels_on_both_targets("python_division_by_zero.py")
    args = (n, m, x, np.array(a), mode)
    k.check_like_numpy(*args, raises=(ZeroDivisionError, IndexError))


@pytest.mark.parametrize("n,m", [(6, 0), (6, 2), (300, 7), (4, 1), (300, 0)])
def test_guarded_extents_do_not_raise(kernels_on_both_targets, n, m):
    kernels_on_both_targets("guarded_extents.py").check(np.arange(8.0), n, m)


@pytest.mark.parametrize("n,m", [(-1, 0), (5, 1), (1, 2), (2, 3), (2, 9), (1, 0)])
def test_chained_compare_short_circuits(kernels_on_both_targets, n, m):
    k = kernels_on_both_targets("chained_compare_short_circuit.py")
    k.check_like_numpy(np.arange(3.0), n, m, raises=ZeroDivisionError)


FLOAT_POWER_OPERANDS = [(-8.0, 1 / 3), (0.0, -1.0), (-0.0, -2.0), (0.0, -np.inf), (np.nan, 0.0),
                        (-np.inf, 0.5), (-8.0, np.inf), (-8.0, np.nan), (1.0, np.nan),
                        (-8.0, 3.0), (1e-300, 2.0), (10.0, 400.0), (np.inf, 2.0),
                        (-2.0, 1025.0), (-0.5, -1e10), (1e200, 2.0), (2.0, 0.5), (1e-120, 1.5)]


@pytest.mark.parametrize("a,b", FLOAT_POWER_OPERANDS)
@pytest.mark.parametrize("k", [0, 3, -4])
def test_python_float_power_raises(kernels_on_both_targets, a, b, k):
    kern = kernels_on_both_targets("python_float_power.py")
    x = np.array([a, 0.0])
    for mode in range(8):  # a negative base to a fractional power is complex in Python
        kern.check_like_python(mode, a, b, k, x, raises=(ZeroDivisionError, OverflowError),
                               npc_refuses=lambda want: isinstance(want, complex),
                               message="is a complex number in Python")


@pytest.mark.parametrize("a,b,n,y", [(0.0, 0.0, -1, 1.0), (0.0, 0.0, 2, -1.0), (0.0, 0.0, 2, 0.0),
                                     (1.0, 2.0, -2, 0.5), (0.0, 0.0, 0, 1.0), (-0.0, 0.0, 3, 2.0),
                                     (1e200, 0.0, 1, 2.0), (0.5, 0.0, 1, -2000.0),
                                     (1e200, 1.0, 1, 0.5)])
def test_python_complex_power_raises(kernels_on_both_targets, a, b, n, y):
    kernels_on_both_targets("python_complex_power.py").check_like_numpy(
        a, b, n, y, raises=(ZeroDivisionError, OverflowError))


@pytest.mark.parametrize("a", [1.5, -2.5, np.nan, -np.inf, np.inf, 1e20, -2.0**63, 2.0**63,
                               9.2e18])
def test_python_int_conversions_raise(kernels_on_both_targets, a):
    kern = kernels_on_both_targets("python_int_conversions.py")
    x = np.array([a, 0.0])
    u = np.array([2**64 - 1 if a > 2**62 else 3], dtype=np.uint64)
    s = np.array([a], dtype=np.float32)
    for mode in range(7):  # a Python int beyond npc's int64 is an error
        kern.check_like_python(mode, a, x, u, s, raises=(ValueError, OverflowError),
                               npc_refuses=lambda want: not -2**63 <= want < 2**63,
                               message="does not fit in int64")


@pytest.mark.parametrize("x,n", [([0.0, 1.0, 2.0], 2), ([0.0, 0.0], 0), ([-1.0, 1.0, np.nan], 0),
                                 ([3.0], 256), ([0.5, -0.5], -1)])
def test_conditional_expression_truth_values(kernels_on_both_targets, x, n):
    kernels_on_both_targets("conditional_truth.py").check(np.array(x), n)


@pytest.mark.parametrize("n", [0, 1, 4])
def test_shapes_from_a_counter_kept_after_it_moves_on(kernels_on_both_targets, n):
    """kernels/counter_shapes.py: `q = np.ones(k)`, then `k += 1`, then `q.sum()` (was a
    silent wrong result: q took the shape of the new k; now it is copied before `k`
    changes, in a buffer allocated there)."""
    kernels_on_both_targets("counter_shapes.py").check(np.arange(6.0), n)


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("tol", [0.0, 0.5])
def test_numbers_in_and_or_conditions(kernels_on_both_targets, seed, tol):
    """kernels/truth_operands.py: `if adj[u, v] and dist[v] == -1:`, `(a or b) and not
    (tol and c)`, `while k < n and dist[k]:` (were refused: 'and' on bools only)."""
    rng = np.random.default_rng(seed)
    n = 4 + seed
    kernels_on_both_targets("truth_operands.py").check(rng.integers(0, 3, (n, n)),
                                                       rng.integers(-1, 2, n), tol)


@pytest.mark.parametrize("n,flag", [(3, True), (3, False), (7, True)])
def test_tuples_past_branches(kernels_on_both_targets, n, flag):
    """kernels/branch_tuples.py: a tuple or string that every branch leaves the same is
    known after the `if` (one that branches leave differently is a located error, see
    test_diagnostics.py; it was silently the value from before the `if`)."""
    kernels_on_both_targets("branch_tuples.py").check(np.arange(n, dtype=np.float64), flag)
