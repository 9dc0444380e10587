"""NumPy 2's array API functions and second names against NumPy on both targets.

kernels/array_api.py: np.acos ... np.atanh, np.atan2, np.pow, np.concat, np.permute_dims,
the bitwise_* shifts and invert; np.vecdot (last axis, axis=0, int8 in int8, complex
conjugated, a broadcast operand), np.matrix_transpose, np.astype, np.cumulative_sum and
np.cumulative_prod (include_initial, dtype, a 0-d input), np.linalg's outer, trace,
diagonal, matmul, tensordot, vecdot and matrix_transpose.

kernels/array_api_unstack.py: np.unstack along axis 0 and 1, np.linalg.cross.

kernels/array_api_norms.py: np.linalg.vector_norm and np.linalg.matrix_norm."""

import numpy as np
import pytest

RNG = np.random.default_rng(31)


def functions_case(n, rows, cols):
    y = RNG.normal(size=(rows, cols))
    return (RNG.uniform(-1.5, 1.5, n), y, RNG.integers(-1000, 1000, n).astype(np.int32),
            RNG.normal(size=(rows, cols, cols)).astype(np.float32),
            RNG.integers(-128, 128, (cols, cols)).astype(np.int8),
            RNG.normal(size=n) + 1j * RNG.normal(size=n))


@pytest.mark.parametrize("n,rows,cols", [(3, 4, 3), (5, 2, 5), (1, 1, 1), (3, 0, 3)])
def test_array_api_functions(kernels_on_both_targets, n, rows, cols):
    kernels_on_both_targets("array_api.py").check(*functions_case(n, rows, cols))


def test_vecdot_length_mismatch(kernels_on_both_targets):
    """NumPy's ValueError (checked on entry) for vectors of different lengths, a length of 1
    too: np.vecdot does not broadcast the vectors' axis."""
    k = kernels_on_both_targets("array_api.py")
    for n, cols in ((2, 3), (1, 3), (3, 1)):
        k.check_like_numpy(*functions_case(n, 4, cols))


@pytest.mark.parametrize("n", [0, 1, 4])
def test_unstack_and_cross(kernels_on_both_targets, n):
    kernels_on_both_targets("array_api_unstack.py").check(
        RNG.normal(size=(n, 3)), RNG.normal(size=(2, n)).astype(np.float32))


def norms_case(shape):
    rows, cols = shape
    return (RNG.normal(size=rows * cols), RNG.normal(size=shape).astype(np.float32),
            RNG.integers(-300, 300, (2, rows, cols)).astype(np.int16),
            (RNG.normal(size=shape) + 1j * RNG.normal(size=shape)).astype(np.complex64))


@pytest.mark.parametrize("shape", [(3, 4), (1, 1), (5, 2)])
def test_norms(kernels_on_both_targets, shape):
    kernels_on_both_targets("array_api_norms.py").check(*norms_case(shape))
