"""kernels/f32_sum.py, empty_reductions.py: float32 sums and means accumulate in float64
(more accurate than NumPy's pairwise float32 sums); NumPy's results for reductions of
empty arrays and bool sums; NumPy's ValueError where it raises."""

import numpy as np
import pytest

KERNEL = "f32_sum.py"


def test_float32_accuracy(kernel):
    rng = np.random.default_rng(0)
    x = rng.uniform(0, 1, size=(4, 250_000)).astype(np.float32)
    total, rows, mean, cols, cols0 = kernel.check(x)
    exact = x.astype(np.float64).sum()
    assert abs(float(total) - exact) / exact < 1e-7  # float32 rounding of the exact sum
    assert abs(float(np.sum(x)) - exact) / exact < 1e-5  # NumPy's pairwise sum
    np.testing.assert_allclose(rows, x.astype(np.float64).sum(axis=1), rtol=1e-7)
    assert total.dtype == np.float32 and mean.dtype == np.float32


@pytest.mark.parametrize("threads", [1, 3])
def test_float32_threads(kernel, threads):
    rng = np.random.default_rng(1)
    kernel.check(rng.uniform(0.5, 1, size=(300, 700)).astype(np.float32), threads=threads)


@pytest.mark.parametrize("shape, n", [((0, 3), 0), ((3, 0), 5), ((0, 0), 3)])
def test_empty(kernels, shape, n):
    rng = np.random.default_rng(n)
    kernels("empty_reductions.py").check(np.ones(shape), rng.integers(0, 2, size=n).astype(bool))


def test_bool_sums(kernels):
    m = np.array([True, False, True, True])
    results = kernels("empty_reductions.py").check(np.ones((2, 2)), m)
    assert results[7] == 3 and results[7].dtype == np.int64 and results[8].dtype == np.int8


def test_empty_extrema_raise(kernels):
    k = kernels("extrema_empty.py")
    k.check(np.array([1.0, np.nan, 3.0]), np.ones((0, 3), np.int32))
    k.check_raises(np.array([]), np.ones((2, 3), np.int32),
                   match="attempt to get argmax of an empty sequence")
    k.check_raises(np.ones(2), np.ones((2, 0), np.int32),
                   match="zero-size array to reduction operation maximum which has no identity")


def test_nan_in_var_and_any(kernels):
    x = np.array([[1.0, np.nan], [3.0, 4.0]])
    kernels("var_std.py").check(x)
    kernels("any_all.py").check(np.array([[[np.nan, 0.0]], [[0.0, 0.0]]]))


def test_nan_extrema_float32(kernels):
    nan, inf = np.nan, np.inf
    x = np.array([[1.0, nan, 0.0, nan], [nan, nan, nan, nan], [-inf, 2.0, inf, 0.0],
                  [3.0, 3.0, nan, -inf]], np.float32)
    results = kernels("nan_extrema.py").check(x)
    assert results[0].dtype == np.float32 and results[2].dtype == np.int64
