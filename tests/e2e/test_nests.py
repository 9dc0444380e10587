"""Loop nests over 2-D and 3-D arrays against NumPy 2.x, on both targets
(kernels/nests_*.py): shapes with an axis of length 1 or 0, more elements than one block of
GPU threads covers, views (transposed, strided, reversed), ties and NaNs for argmin and
argmax. The CUDA target runs every iteration of such a nest on a thread of its own (one
flat index over the nest), where it used to give each thread a whole row.

Tolerances: ints and dtypes exactly; float sums within the harness's RTOL (1e-12 float64,
1e-5 float32), as the order of additions differs from NumPy's pairwise sums."""

import numpy as np
import pytest

SHAPES_2D = [(1, 5000), (5000, 1), (37, 3), (300, 701), (2, 0), (0, 3)]


@pytest.fixture
def kernels(kernels_on_both_targets):
    return kernels_on_both_targets


def data(shape, dtype, seed=1):
    rng = np.random.default_rng(seed)
    if np.issubdtype(dtype, np.integer):
        return rng.integers(-50, 50, shape).astype(dtype)
    return rng.normal(size=shape).astype(dtype)


@pytest.mark.parametrize("shape", SHAPES_2D, ids=str)
def test_elementwise2d(kernels, shape):
    x = data(shape, np.float64)
    kernels("nests_elementwise.py").check(x, data(shape[1], np.float64, seed=2))


@pytest.mark.parametrize("shape", [(3, 4), (1, 9), (9, 1), (200, 301)], ids=str)
def test_stencil_updates_in_place(kernels, shape):
    kernels("nests_stencil.py").check(data(shape, np.float64), 0.25)


@pytest.mark.parametrize("dtype", [np.float64, np.int32])
@pytest.mark.parametrize("shape", [s for s in SHAPES_2D if s[1] > 1], ids=str)
def test_sums2d(kernels, shape, dtype):
    kernels("nests_sums.py").check(data(shape, dtype))


@pytest.mark.parametrize("dtype", [np.float64, np.int32])
@pytest.mark.parametrize("shape", [s for s in SHAPES_2D if 0 not in s], ids=str)
def test_extremes2d(kernels, shape, dtype):
    """Integers in [-50, 50): every extreme value occurs many times, so argmin and argmax
    must return the first occurrence, whichever thread finds it (3 OpenMP threads: rows
    in three shares)."""
    kernels("nests_extremes.py").check(data(shape, dtype), threads=3)


@pytest.mark.parametrize("rows", [[120, 7], [250], [299, 0]], ids=str)
def test_extremes2d_nans(kernels, rows):
    """The first NaN in C order wins, in whichever thread's share it is."""
    x = data((300, 701), np.float64)
    x[rows, [5 + 100 * k for k in range(len(rows))]] = np.nan
    first = min(r * 701 + 5 + 100 * k for k, r in enumerate(rows))
    out = kernels("nests_extremes.py").check(x, threads=3)
    assert out[2] == first and out[3] == first


def test_extremes2d_nans_in_one_row(kernels):
    """Two NaNs in one row, the later one in a lower SIMD lane (columns 9 and 3 of 8-wide
    lanes): the first in C order still wins."""
    x = data((300, 701), np.float64)
    x[7, [9, 3]] = np.nan
    out = kernels("nests_extremes.py").check(x, threads=3)
    assert out[2] == out[3] == 7 * 701 + 3


@pytest.mark.parametrize("shape", [(4, 7), (300, 701), (0, 3)], ids=str)
def test_broadcast_axes(kernels, shape):
    """Nests whose body does not read every index (broadcast axes)."""
    m = data(shape, np.float64)
    kernels("nests_broadcast.py").check(m, np.linspace(-0.5, 1.5, shape[1]))


@pytest.mark.parametrize("shape", [(1, 1, 4001), (3, 50, 41), (40, 1, 3)], ids=str)
def test_nests3d(kernels, shape):
    kernels("nests_3d.py").check(data(shape, np.float32))
