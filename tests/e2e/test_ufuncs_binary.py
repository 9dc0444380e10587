"""kernels/ufuncs_binary.py, bitwise.py, bool_ops.py: binary ufuncs and the operators
& | ^ << >> ~ with NumPy 2.x's dtypes; shifts by any count, integer division by zero
(tolerances: see elementwise_check.py)."""

import numpy as np
import pytest

from elementwise_check import MAX_ULP, SPECIAL, check, special  # noqa: F401

BINARY_TRANSCENDENTAL = {0, 1, 8}  # arctan2, hypot, power


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_binary_special_values(kernels, dtype):
    values = special(dtype)
    x, y = (a.ravel() for a in np.meshgrid(values, values))
    out = check(kernels("ufuncs_binary.py"), x, y, ulp=BINARY_TRANSCENDENTAL)
    assert [o.dtype for o in out[:10]] == [np.dtype(dtype)] * 10
    assert all(o.dtype == np.bool_ for o in out[10:13])


def test_binary_random(kernels):
    rng = np.random.default_rng(5)
    x, y = rng.normal(scale=5, size=(2, 64))
    check(kernels("ufuncs_binary.py"), x, y, ulp=BINARY_TRANSCENDENTAL)
    check(kernels("ufuncs_binary.py"), x.astype(np.float32), y.astype(np.float32),
          ulp=BINARY_TRANSCENDENTAL)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int32, np.int64])
def test_bitwise(kernels, dtype):
    info = np.iinfo(dtype)
    bits = info.bits
    values = np.array([info.min, -bits - 1, -5, -1, 0, 1, 2, 3, 7, bits - 1, bits, bits + 1,
                       info.max], np.int64)
    values = np.unique(values[(values >= info.min) & (values <= info.max)]).astype(dtype)
    a, b = (v.ravel() for v in np.meshgrid(values, values))
    out = check(kernels("bitwise.py"), a, b)
    assert all(o.dtype == np.dtype(dtype) for o in out[:17])
    assert out[17].dtype == np.bool_ and out[18].dtype == np.bool_


def test_bool_ops(kernels):
    p = np.array([False, False, True, True])
    q = np.array([False, True, False, True])
    out = check(kernels("bool_ops.py"), p, q)
    assert [o.dtype for o in out] == [np.bool_] * 6 + [np.int8] * 5 + [np.bool_] * 2 + \
        [np.int64] + [np.bool_] * 9


