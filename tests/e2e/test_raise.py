"""kernels/raise_checks.py, raise_helpers.py, raise_elif.py: `raise E("message")` and `assert test, "message"` raise the
same exception with the same message where Python does, on both targets."""

import numpy as np
import pytest


@pytest.fixture
def kernel(kernels_on_both_targets):
    return kernels_on_both_targets("raise_checks.py")


def test_no_check_fails(kernel):
    kernel.check(np.arange(1.0, 4.0), np.ones(3), 7)


@pytest.mark.parametrize("args,match", [
    ((np.ones(3), np.ones(4), 7), "x and y differ in length"),
    ((np.ones(3), np.ones(3), -1), "n must be non-negative"),
    ((np.ones(3), np.ones(3), 5), "n is not 7"),
    ((np.array([1.0, 2e6, 3.0]), np.ones(3), 7), "too large"),
    ((np.array([1.0, -2.0]), np.ones(2), 7), "negative values are not allowed"),
    ((np.ones(3), np.ones(3), 42), "a ??= b"),
])
def test_checks_raise(kernel, args, match):
    kernel.check_raises(*args, match=match)


def test_raise_without_message_names_the_class(kernel):
    """Python's traceback ends in `RuntimeError`; npc's message is the class's name."""
    with pytest.raises(RuntimeError):
        kernel.numpy(np.ones(2), np.ones(2), 101)
    r = kernel.run([np.ones(2), np.ones(2), 101])
    assert r.returncode == 1 and "error: RuntimeError" in r.stderr, r.stderr


@pytest.mark.parametrize("x,match", [(np.ones(3), None), (-np.ones(3), "helper failed"),
                                     (np.array([200.0]), "big")])
def test_raise_in_helpers_and_before_dead_code(kernels_on_both_targets, x, match):
    k = kernels_on_both_targets("raise_helpers.py")
    if match is None:
        k.check(x)
    else:
        k.check_raises(x, match=match)


@pytest.mark.parametrize("k,match", [(7, None), (1, None), (3, "middle"), (0, "nonpositive")])
def test_branches_that_raise_or_assert_false(kernels_on_both_targets, k, match):
    kernel = kernels_on_both_targets("raise_elif.py")
    if match is None:
        kernel.check(np.arange(4.0), k)
    else:
        kernel.check_raises(np.arange(4.0), k, match=match)


@pytest.mark.parametrize("n,c,message", [
    (7, True, "expected at most 3, got 7 (shape (2, 3), ndim 2, float64) {ok} c=True"),
    (-1, False, "rows 2 and 0"),
    (-2, False, "n is -2"),
    (-3, False, "constant 2"),
])
def test_fstring_messages(kernels_on_both_targets, n, c, message):
    """kernels/raise_fstrings.py: the whole message, as Python formats it."""
    kernels_on_both_targets("raise_fstrings.py").check_raises(np.ones((2, 3)), n, c,
                                                              match=message)


def test_fstring_message_kernel_runs(kernels_on_both_targets):
    kernels_on_both_targets("raise_fstrings.py").check(np.ones((2, 3)), 2, False)


def test_fstring_values_computed_on_the_device(kernels_on_both_targets):
    k = kernels_on_both_targets("raise_device_values.py")
    k.check(np.array([3, -4, 5]), 2)
    k.check_raises(np.array([3, -4, 5]), 0, match="first 3, sum 4, k 0, positive True")
