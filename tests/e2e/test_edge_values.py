"""Values at the edges of their types, on both targets.

kernels/float_to_int.py: float -> integer casts of NaN, infinities and values out of the
integer's range give NumPy's values on x86-64 (npc::float_to_int), exactly, on both
targets, for run-time values and for constants g++ could fold. NumPy itself gives other
values for a few uint32 cases when its SIMD loop converts (-3e9, 5e9, NaN, -inf): z, the
uint32 input, leaves them out.

kernels/ordered_prod.py: float and complex products in NumPy's order, so partial products
do not turn inf * 0 into NaN (exact comparison: the order is NumPy's).

kernels/min_slice_bounds.py: run-time slice bounds of -2**63 clamp (they are not taken for
omitted bounds).

kernels/python_number_stores.py: Python floats stored into integer arrays and given to
integer scalar types truncate toward zero where they fit (NumPy converts them through
Python's int()); np.full casts.

kernels/float32_constants.py: np.float32 and np.complex64 constants are float32 values
(exact comparison).

kernels/int_argument_stores.py: `int` arguments stored into integer arrays raise NumPy's
OverflowError where the store runs when they do not fit; ints into bool arrays.

kernels/uint64_index.py: uint64 scalars of 2**63 or more clamp as slice bounds and raise
IndexError as an index (NumPy: OverflowError), instead of wrapping to negative values.

kernels/scalar_stores.py: NumPy integer scalars stored into signed integer arrays raise
OverflowError as NumPy 2's setitem does; into unsigned ones, and through masks, they wrap.

kernels/float_scalar_stores.py: Python floats, and NumPy float scalars stored into signed
integer arrays through basic indexing, are converted through int() as NumPy 2 does (NaN:
ValueError; infinities and values that do not fit: OverflowError); other stores cast.

kernels/uint64_scalar_stores.py: uint64 scalars stored into signed integer arrays through
basic indexing raise OverflowError when they do not fit, as NumPy 2 does.

kernels/unsigned_scalar_stores.py: uint8 and uint16 scalars stored into int8 arrays raise
OverflowError above 127 (and compile warning-free).

kernels/clip_int_arguments.py: np.clip with `int` argument bounds beyond an integer dtype
leaves out the open side's and raises for the other's.

kernels/empty_axes_sums.py: sums over no axes give NumPy's +0.0 for -0.0 (signs compared)."""

import numpy as np
import pytest

SPECIAL = [-2.7, 300.0, 70000.5, -70000.5, 3e9, -3e9, 5e9, 1e19, 2e19, -1.0, 1e300, -1e300,
           np.inf, -np.inf, np.nan, 2.0**63, -2.0**63, 2.0**64, -0.0, 127.9, -128.9, 255.5]


def test_float_to_int_special_values(kernels_on_both_targets):
    k = kernels_on_both_targets("float_to_int.py")
    x = np.array(SPECIAL)
    with np.errstate(invalid="ignore", over="ignore"):
        y = x.astype(np.float32)
    z = np.array([-2.7, 300.0, 70000.5, -70000.5, 3e9, -1.0, 1e19, 1e300, np.inf, 2.0**64])
    with np.errstate(invalid="ignore"):
        out = k.check(x, y, z)
    assert [o.dtype.name for o in out] == [
        "int8", "uint8", "int16", "uint16", "int32", "int64", "uint64", "uint32", "uint8",
        "int32", "uint64", "uint8", "int16", "uint64", "uint8"]


def test_products_multiply_in_order(kernels_on_both_targets):
    k = kernels_on_both_targets("ordered_prod.py")
    big = [1e200, 1e200] + [1.0] * 40 + [1e-200, 1e-200]
    x = np.array(big * 3)
    m = np.array([[1e30, 1e30] + [1.0] * 30 + [1e-30, 1e-30]] * 20, np.float32)
    z = np.array(big, np.complex128) * (1 + 0j)
    w = np.array([[1e200] * 20, [1e200] * 20, [1e-200] * 20, [1e-200] * 20])
    with np.errstate(over="ignore", invalid="ignore"):
        out = k.check(x, m, z, w, rtol=0)
    assert np.isinf(out[0]) and np.isinf(out[1]) and out[5] == 0.0


def test_slice_bounds_of_int64_min(kernels_on_both_targets):
    k = kernels_on_both_targets("min_slice_bounds.py")
    x = np.arange(6.0)
    for n, m in [(-2**63, -2**63), (-2**63, 2), (4, -2**63), (2**63 - 1, -2**63)]:
        k.check(x, n, m)


def test_uint64_scalars_beyond_int64_as_bounds_and_index(kernels_on_both_targets):
    k = kernels_on_both_targets("uint64_index.py")
    x = np.arange(3.0)
    u = np.array([2**64 - 1, 2**63, 1], np.uint64)
    k.check(x, u, 2)
    r = k.run([x, u, 0])
    assert r.returncode == 1 and "index 9223372036854775807 is out of bounds" in r.stderr, r.stderr


def test_python_numbers_into_integers(kernels_on_both_targets):
    k = kernels_on_both_targets("python_number_stores.py")
    out = k.check(np.array([1, 2, 3, 4, 7, 7], np.uint8), np.array([5, 6, 7], np.int64))
    assert [o.dtype.name for o in out] == [
        "uint8", "int64", "uint64", "uint64", "int64", "int8", "uint8", "bool", "uint8",
        "int8", "uint8"]


@pytest.mark.parametrize("n", [0, 1, 100, 127])
def test_int_arguments_stored_into_integers(kernels_on_both_targets, n):
    k = kernels_on_both_targets("int_argument_stores.py")
    k.check(n, True)
    k.check(n, False)


@pytest.mark.parametrize("n,dtype", [(128, "int8"), (-1, "uint8"), (300, "int8")])
def test_int_arguments_out_of_bounds_raise_where_stored(kernels_on_both_targets, n, dtype):
    k = kernels_on_both_targets("int_argument_stores.py")
    k.check_raises(n, True, match=f"Python integer {n} out of bounds for {dtype}")
    k.check(n, False)


def test_float32_constants_hold_float32_values(kernels_on_both_targets):
    x = np.array([0.0, 1.0, -2.5])
    out = kernels_on_both_targets("float32_constants.py").check(x)
    assert out[0] == 0.10000000149011612 and out[1] == 16777216 and np.isposinf(out[2])


@pytest.mark.parametrize("y,n", [([1, -2, 3, 4, 5, 6], 3), ([127, -128, 100, 300, -1, 300], 3),
                                 ([300, 0, 0, 0, 0, 0], 0), ([0, -200, 0, 0, 0, 0], 0),
                                 ([0, 0, 200, 0, 0, 0], 0), ([0, 0, 0, 0, 0, 0], 257)])
def test_numpy_integer_scalars_stored(kernels_on_both_targets, y, n):
    # NumPy raises OverflowError for some stores and wraps others (see the kernel).
    k = kernels_on_both_targets("scalar_stores.py")
    y = np.array(y, np.int16)
    k.check_like_numpy(y, n, raises=OverflowError)


FLOAT_STORES = [2.5, -1.5, 127.9, -128.9, 300.5, -129.0, -1.0, 40000.0, np.nan, np.inf,
                -np.inf, 9.2e18, 9.3e18, -9.3e18, 1.8e19, 2e19]


@pytest.mark.parametrize("mode", range(6))
@pytest.mark.parametrize("x", FLOAT_STORES)
def test_float_scalars_stored(kernels_on_both_targets, mode, x):
    # The same values as the Python float `x`, a float64 array and a float32 one.
    k = kernels_on_both_targets("float_scalar_stores.py")
    y = np.array([x, -x, x / 2])
    with np.errstate(over="ignore"):
        z = y.astype(np.float32)
    # n + 1 does not fit int16 (mode 5); NumPy converts the list in order, and npc checks
    # the values of one statement in an order of its own, so only one may fail.
    for n in (0, 40000) if abs(x) < 2**15 else (0,):
        k.check_like_numpy(y, z, x, n, mode, raises=(OverflowError, ValueError))


@pytest.mark.parametrize("v", [[1, 2, 3, 4], [2**63 - 1, 5, 6, 2**64 - 1],
                               [2**63, 0, 0, 0], [0, 40000, 0, 0], [0, 32767, 2**64 - 1, 7],
                               [0, 0, 2**15, 2**63]])
def test_uint64_scalars_stored(kernels_on_both_targets, v):
    k = kernels_on_both_targets("uint64_scalar_stores.py")
    v = np.array(v, np.uint64)
    k.check_like_numpy(v, raises=OverflowError)


@pytest.mark.parametrize("u,w,n", [(5, 7, 9), (200, 7, 9), (5, 300, 9), (5, 7, 130),
                                   (127, 127, 127)])
def test_unsigned_scalars_stored(kernels_on_both_targets, u, w, n):
    k = kernels_on_both_targets("unsigned_scalar_stores.py")
    args = (np.array([u], np.uint8), np.array([w], np.uint16), n)
    k.check_like_numpy(*args, raises=OverflowError)


@pytest.mark.parametrize("lo,hi", [(-5, 3), (1, 300), (-500, 100), (-300, 300), (300, 400),
                                   (-500, -200), (2, -1), (-128, 127)])
def test_clip_int_argument_bounds(kernels_on_both_targets, lo, hi):
    k = kernels_on_both_targets("clip_int_arguments.py")
    u = np.array([0, 1, 5, 200, 255], np.uint8)
    s = np.array([-128, -3, 0, 4, 127], np.int8)
    k.check_like_numpy(u, s, lo, hi, raises=OverflowError)


def test_sums_over_no_axes_start_from_zero(kernels_on_both_targets):
    k = kernels_on_both_targets("empty_axes_sums.py")
    x, y = np.array([-0.0, -0.0, 1.0]), np.array([-0.0], np.float32)
    z = np.array([complex(-0.0, -0.0), complex(2.0, -0.0)])
    out = k.check(x, y, z)
    for got, want in zip(out, k.numpy(x, y, z)):
        np.testing.assert_array_equal(np.signbit(np.real(got)), np.signbit(np.real(want)))
        np.testing.assert_array_equal(np.signbit(np.imag(got)), np.signbit(np.imag(want)))
