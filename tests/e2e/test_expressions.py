"""kernels/expressions.py: precedence and signs survive the trip to C++;
kernels/line_continuations.py: so do source lines ending in a backslash."""

import numpy as np
import pytest

import npc_harness

KERNEL = "expressions.py"


@pytest.mark.parametrize("n", [5, 1, 0, 19])
def test_values(kernel, n):
    x = np.resize([1.5, -2.0, 3.0, 0.25, -0.5], n)
    y = np.resize([0.5, 4.0, -1.0, 2.0, 1.5], n)
    a = np.resize(np.array([5, -7, 3, 0, -1], np.int64), n)
    b = np.resize(np.array([2, 3, -2, 1, -4], np.int64), n)
    kernel.check(x, y, a, b)


def test_random(kernel):
    rng = np.random.default_rng(0)
    x, y = rng.uniform(0.5, 2, 50), rng.uniform(-2, 2, 50)
    a, b = rng.integers(-50, 50, 50), rng.integers(1, 5, 50) * rng.choice([-1, 1], 50)
    kernel.check(x, y, a, b)


def test_unused_argument(kernels, build_cache):
    build_cache.compile_kernel_only(npc_harness.KERNELS / "unused_argument.py")
    k = kernels("unused_argument.py")
    k.check(np.array([1.0, 2.0]), np.ones((2, 3)), np.arange(4, dtype=np.int32))
    k.check(np.linspace(0, 1, 19), np.ones((0, 3)), np.zeros(0, np.int32))


def test_line_continuations(kernels_on_both_targets):
    # Source lines ending in a backslash do not swallow the next line of generated code.
    kernels_on_both_targets("line_continuations.py").check(np.arange(5.0), 2.0)


def test_folded_element_keeps_its_check(kernels_on_both_targets):
    k = kernels_on_both_targets("folded_element_checks.py")
    k.check(np.arange(4.0), 3)
    k.check_raises(np.arange(4.0), 0, match="index 0 is out of bounds")
