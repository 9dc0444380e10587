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
