"""kernels/ufuncs_unary.py, ufuncs_int.py, float_loops.py: unary ufuncs with NumPy 2.x's
result dtypes and special values (tolerances: see elementwise_check.py)."""

import numpy as np
import pytest

from elementwise_check import MAX_ULP, SPECIAL, check, special  # noqa: F401

UNARY_TRANSCENDENTAL = set(range(2, 16))  # exp2 ... tanh in kernels/ufuncs_unary.py


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_unary_special_values(kernels, dtype):
    k = kernels("ufuncs_unary.py")
    x = special(dtype)
    out = check(k, x, ulp=UNARY_TRANSCENDENTAL)
    assert all(o.dtype == dtype for o in out[:22]) and all(o.dtype == np.bool_ for o in out[22:26])
    sign = out[0]
    assert not np.signbit(sign[7]) and not np.signbit(sign[8])  # sign(-0.0) is +0.0
    assert np.signbit(out[17][6]) and np.signbit(out[16][7])  # ceil(-1e-310), floor(-0.0)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_unary_random(kernels, dtype):
    rng = np.random.default_rng(11)
    x = np.concatenate([rng.uniform(-1, 1, 40), rng.normal(scale=30, size=40),
                        np.arange(-4, 4.5, 0.5)]).astype(dtype)
    check(kernels("ufuncs_unary.py"), x, ulp=UNARY_TRANSCENDENTAL)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int32, np.int64])
def test_int_unary(kernels, dtype):
    info = np.iinfo(dtype)
    a = np.array([info.min, info.min + 1, -7, -1, 0, 1, 2, 100, info.max], np.int64)
    a = a[(a >= info.min) & (a <= info.max)].astype(dtype)
    out = check(kernels("ufuncs_int.py"), a)
    assert [o.dtype for o in out[:9]] == [np.dtype(dtype)] * 9


def test_float_loop_selection(kernels):
    a = np.array([-300, -1, 0, 1, 7, 32767], np.int16)
    b = np.array([0, 1, 2, 100, 1000, 65535], np.uint16)
    c = np.array([-2**31, -5, 0, 3, 20, 2**31 - 1], np.int32)
    d = np.array([-1075, -3, 0, 1, 10, 1023], np.int64)
    e = np.array([-128, -1, 0, 1, 5, 127], np.int8)
    out = check(kernels("float_loops.py"), a, b, c, d, e, ulp=set(range(9)))
    assert [o.dtype for o in out] == [np.float32, np.float32, np.float64, np.float64,
                                      np.float32, np.float64, np.float32, np.float32,
                                      np.float64]




def test_angle_and_conj_of_real_arrays(kernels):
    """np.angle of int16 is float32 and of bool float64; np.conj of bool is int8."""
    k = kernels("real_angles.py")
    results = k.check(np.array([-3, 0, 5], np.int16), np.array([-1, 0, 7]),
                      np.array([True, False, True]), np.array([-0.0, 2.5, -np.inf], np.float32))
    assert [r.dtype.name for r in results] == ["float32", "float64", "float64", "float32",
                                               "int8", "int64"]
