"""kernels/scalar_result.py: full reductions, x.ndim and x.size are 0-d .npy results."""

import numpy as np
import pytest

KERNEL = "scalar_result.py"


@pytest.mark.parametrize("shape,n", [((3, 4), 5), ((1, 1), 1), ((17, 3), 0)])
def test_shapes(kernel, shape, n):
    rng = np.random.default_rng(n)
    x = rng.normal(size=shape)
    b = rng.integers(-128, 128, n, dtype=np.int8)
    results = kernel.check(x, b)
    assert all(r.shape == () for r in results)


def test_int8_sum_does_not_wrap(kernel):
    total, *_ = kernel.check(np.ones((2, 2)), np.full(10, 127, np.int8))[3:]
    assert total == 1270


def test_empty_max_raises(kernel):
    kernel.check_raises(np.ones((0, 2)), np.ones(2, np.int8),
                        match="zero-size array to reduction operation maximum")


@pytest.mark.parametrize("threads", [1, 3, 8])
def test_large_inputs_on_several_threads(kernel, threads):
    # Whole-array reductions over more elements than one thread's share: ties and NaN
    # must still give the first index, sums agree to rounding.
    x = np.ones((300, 401))
    x[200, 7] = x[250, 0] = 5.0  # two maxima, in different threads' shares
    b = np.full(100_003, -3, np.int8)
    kernel.check(x, b, threads=threads)
    x[123, 45] = np.nan
    kernel.check(x, b, threads=threads)
