"""kernels/pad.py: np.pad with mode 'constant' (constant_values a number, a pair or a pair
per axis, cast unsafely to the array's dtype as NumPy does) and 'edge' (corners from the
padded axes, as NumPy pads axis after axis); literal and run-time widths; NumPy's
ValueErrors for a negative width and for extending an empty axis in 'edge' mode, compared
by message."""

import numpy as np
import pytest


@pytest.mark.parametrize("shape,r,n", [((2, 3), 2, 3), ((1, 1), 0, 1), ((3, 2), 1, 0),
                                       ((0, 3), 1, 2), ((0, 3), 0, 2), ((3, 0), 0, 4),
                                       ((3, 2), -1, 2)])
def test_pad(kernels_on_both_targets, shape, r, n):
    k = kernels_on_both_targets("pad.py")
    rng = np.random.default_rng(len(shape) + r + n)
    x = rng.normal(size=shape)
    u = np.arange(n, dtype=np.uint8) * 3
    z = (rng.normal(size=shape + (2,)) + 1j * rng.normal(size=shape + (2,))).astype(np.complex64)
    k.check_like_numpy(x, r, u, z, raises=ValueError, rtol=0)


@pytest.mark.parametrize("shape,r", [((2, 3), 3), ((0, 3), 0), ((2, 0), 0), ((0, 3), 1),
                                     ((2, 0), 2), ((1, 1), 4)])
def test_edge_run_time_width(kernels_on_both_targets, shape, r):
    """kernels/pad_edge.py: a run-time width of 0 leaves an empty axis alone; a positive one
    raises NumPy's ValueError there."""
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    kernels_on_both_targets("pad_edge.py").check_like_numpy(x, r, raises=ValueError, rtol=0)


@pytest.mark.parametrize("c,f", [(5, 2.5), (300, 1.0), (-1, -1.5), (7, np.nan), (7, 1e10),
                                 (-128, 300.7)])
def test_constant_values_conversion(kernels_on_both_targets, c, f):
    """kernels/pad_values.py: NumPy's OverflowError and ValueError for values that do not
    fit (compared by message), unsigned wrapping of NumPy scalars, and a zero-width pad that
    is a copy (writing into it leaves the argument alone)."""
    k = np.array([1, -2, 3], np.int8)
    u = np.array([0, 7, 255], np.uint8)
    kernels_on_both_targets("pad_values.py").check_like_numpy(
        k, u, c, f, raises=(OverflowError, ValueError))
