"""kernels/scans.py, kernels/scans3d.py: np.cumsum/np.cumprod along each axis and
flattened in C order, with dtype=, inside larger expressions, on empty arrays, and on
several threads."""

import numpy as np
import pytest

KERNEL = "scans.py"


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int8, np.bool_])
@pytest.mark.parametrize("shape", [(3, 4), (1, 1), (1, 5), (6, 1), (9, 13)])
def test_random(kernel, dtype, shape):
    rng = np.random.default_rng(shape[0] * 7 + shape[1])
    x = rng.integers(-2, 3, size=shape) if dtype != np.bool_ else rng.integers(0, 2, size=shape)
    kernel.check(x.astype(dtype))


def test_float_values_exact(kernel):
    # A cumulative sum is sequential in NumPy too: the same order, the same bits.
    rng = np.random.default_rng(11)
    x = rng.normal(size=(40, 30))
    for got, want in zip(kernel.check(x)[:3], kernel.numpy(x)[:3]):
        np.testing.assert_array_equal(got, want)


def test_transposed_input(kernel):
    x = np.arange(12.0).reshape(3, 4).T  # not C-contiguous: flattening follows C order
    kernel.check(np.ascontiguousarray(x))


@pytest.mark.parametrize("shape", [(2, 0), (0, 3)])
def test_empty(kernels, shape):
    kernels("scans3d.py").check(np.ones((2,) + shape))


@pytest.mark.parametrize("dtype", [np.float64, np.int64])
@pytest.mark.parametrize("shape", [(2, 3, 4), (5, 1, 3), (1, 4, 1)])
def test_3d(kernels, dtype, shape):
    rng = np.random.default_rng(5)
    kernels("scans3d.py").check(rng.integers(-3, 4, size=shape).astype(dtype))


@pytest.mark.parametrize("threads", [1, 4])
def test_threads(kernels, threads):
    rng = np.random.default_rng(2)
    kernels("scans3d.py").check(rng.normal(size=(33, 17, 9)), threads=threads)


def test_negative_zeros_keep_their_sign(kernel):
    # NumPy's accumulate starts from the first element: cumsum of -0.0s is -0.0s.
    x = np.array([[-0.0, -0.0, 0.0], [-0.0, 1.0, -0.0]])
    for got, want in zip(kernel.check(x), kernel.numpy(x)):
        np.testing.assert_array_equal(np.signbit(got), np.signbit(want))
