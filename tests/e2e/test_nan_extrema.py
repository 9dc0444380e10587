"""kernels/nan_extrema.py: min/max propagate NaN; argmin/argmax pick the first NaN, else
the first of ties; axis=None; negative axis."""

import numpy as np
import pytest

KERNEL = "nan_extrema.py"

nan, inf = np.nan, np.inf


def test_ties(kernel):
    x = np.array([[1.0, 0.0, 0.0, 3.0], [2.0, 2.0, 2.0, 2.0], [5.0, -1.0, 5.0, -1.0]])
    kernel.check(x)


def test_nans(kernel):
    x = np.array([[1.0, nan, 0.0, nan],
                  [nan, nan, nan, nan],
                  [-inf, 2.0, inf, 0.0],
                  [3.0, 3.0, nan, -inf]])  # fmt: skip
    mn, mx, amin, amax, gmin, gmax, flat_argmin, argmax = kernel.check(x)
    np.testing.assert_array_equal(amin, [1, 0, 0, 2])
    assert flat_argmin == 1


def test_infinities_only(kernel):
    kernel.check(np.array([[inf, inf], [-inf, -inf], [inf, -inf]]))


@pytest.mark.parametrize("shape", [(1, 1), (1, 7), (9, 1), (30, 20)])
def test_random_ties(kernel, shape):
    rng = np.random.default_rng(shape[0] * shape[1])
    x = rng.integers(0, 4, size=shape).astype(np.float64)
    if x.size > 5:
        x.flat[rng.integers(0, x.size, 3)] = nan
    kernel.check(x)


def test_empty_raises(kernel):
    kernel.check_raises(np.ones((0, 3)), match="zero-size array to reduction operation")


@pytest.mark.parametrize("threads", [1, 3])
def test_large_on_several_threads(kernel, threads):
    rng = np.random.default_rng(8)
    x = rng.integers(0, 3, size=(257, 129)).astype(np.float64)
    x[rng.integers(0, 257, 40), rng.integers(0, 129, 40)] = nan
    kernel.check(x, threads=threads)
