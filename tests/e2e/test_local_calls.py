"""kernels/local_calls.py: calls of the file's own functions, inlined."""

import numpy as np
import pytest

KERNEL = "local_calls.py"


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("n", [1, 5, 40])
def test_calls(kernel, dtype, n):
    rng = np.random.default_rng(n)
    kernel.check(rng.normal(size=n).astype(dtype), rng.normal(size=(3, n)).astype(dtype))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("n", [1, 6, 40])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_returns(kernels, dtype, n, seed):
    k = kernels("local_returns.py")
    rng = np.random.default_rng(seed + 10 * n)
    k.check(rng.normal(size=n).astype(dtype), rng.normal(size=(3, n)).astype(dtype))


def test_returns_no_match(kernels):
    # Nothing above the thresholds: every helper reaches its final return.
    k = kernels("local_returns.py")
    k.check(np.full(5, -3.0), np.full((2, 5), -3.0))


@pytest.mark.parametrize("n", [1, 7])
def test_defaults(kernels, n):
    k = kernels("local_defaults.py")
    rng = np.random.default_rng(n)
    k.check(rng.normal(size=n), rng.normal(size=(3, n)))
    k.check(rng.normal(size=n).astype(np.float32), rng.normal(size=(3, n)).astype(np.float32),
            0.75)


@pytest.mark.parametrize("c", [True, False])
def test_update_on_one_path(kernels, c):
    k = kernels("local_call_paths.py")
    k.check(np.array([-1.0, 2.0, 3.0]), c)
    k.check(np.array([4.0, -2.0]), c)


def test_module_level_defaults(kernels):
    """np.pi, math.inf and module constants as defaults, of helpers and of the exported
    function (left out of the first signature, an argument in the second)."""
    k = kernels("module_defaults.py")
    x = np.linspace(-3, 3, 11)
    k.check(x)
    k.check(x.astype(np.float32), 1.5)


def test_string_parameters_select_paths(kernels):
    """mode == "l2" and mode != "max" on string arguments and defaults, as Python decides."""
    k = kernels("string_modes.py")
    k.check(np.array([3.0, -4.0, 0.5, -12.0]))


@pytest.mark.parametrize("n", [0, 2, 3])
def test_nested_calls_in_a_helper_with_early_returns(kernels_on_both_targets, n):
    kernels_on_both_targets("nested_inline_returns.py").check(np.arange(4.0), n)
