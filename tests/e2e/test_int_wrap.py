"""kernels/int_wrap.py: int8/uint8 arithmetic wraps; `int8 + 1` stays int8 (NEP 50).
kernels/constant_wrap.py: constants of NumPy's integer scalar types wrap as NumPy's do.
kernels/float_loop_pairs.py: the float dtype of np.hypot/np.arctan2 of two integer dtypes."""

import numpy as np
import pytest

import npc_harness

KERNEL = "int_wrap.py"


def test_every_value(kernel):
    a = np.arange(-128, 128, dtype=np.int8)
    b = np.arange(256, dtype=np.uint8)
    inc, square, neg, up, down, mixed, plus_n, times_n = kernel.check(a, b, 3)
    assert inc.dtype == np.int8 and inc[-1] == -128  # 127 + 1 wraps
    assert neg[0] == -128  # -(-128) wraps
    assert down[0] == 255 and up[100] == 44
    assert mixed.dtype == np.int16
    assert plus_n.dtype == np.int8 and times_n.dtype == np.uint8


@pytest.mark.parametrize("n", [0, 1, 100, 127])
def test_int_argument_is_weak(kernel, n):
    # a + n stays int8 and b * n uint8 (wrapping) while n fits both: a weak Python int.
    a = np.array([-128, -1, 0, 1, 127], dtype=np.int8)
    b = np.array([0, 1, 2, 128, 255], dtype=np.uint8)
    kernel.check(a, b, n)


@pytest.mark.parametrize("n", [300, -129, -1])
def test_int_argument_out_of_range_raises(kernel, n):
    # int8 + 300 and int8 + -129 overflow; so does uint8 * -1.
    kernel.check_raises(np.array([1, 2], np.int8), np.array([1, 2], np.uint8), n,
                        match=f"Python integer {n} out of bounds for")


@pytest.mark.parametrize("n", [1, 0, 19])
def test_edges(kernel, n):
    kernel.check(np.full(n, 127, dtype=np.int8), np.full(n, 255, dtype=np.uint8), 1)


def test_size_one_broadcasts(kernel):
    kernel.check(np.array([-5, 100, 127], dtype=np.int8), np.array([200], dtype=np.uint8), 2)


def test_length_mismatch_raises(kernel):
    kernel.check_raises(np.zeros(3, np.int8), np.zeros(2, np.uint8), 1,
                        match="could not be broadcast together")


def test_folded_python_ints(kernels):
    """2**8 - 1, (2**6 - 1) * 2, 7 // -2 and 3 % -2 as Python computes them."""
    kernels("folded_ints.py").check(np.array([1, -3, 100, -128, 127, 0], np.int8))


@pytest.mark.parametrize("k", [4, -3, 1, 10**6])
def test_python_int_shifts_and_negative_powers(kernels, k):
    """1 << 5 and -7 >> 1 fold as Python computes them; k ** -1 is a Python float."""
    kernels("python_int_ops.py").check(np.array([1, -3, 100, -128, 127, 0], np.int8), k)


def test_ufunc_power_of_python_ints_raises(kernels):
    kernels("ufunc_int_power.py").check_raises(
        3, match="Integers to negative integer powers are not allowed")


def test_integer_scalar_constants_wrap(kernels_on_both_targets):
    u = np.array([0, 1, 2**40, 2**64 - 1], np.uint64)
    a = np.array([-128, 0, 127], np.int8)
    out = kernels_on_both_targets("constant_wrap.py").check(u, a)
    assert out[0] == 2**64 - 1 and out[1] == 10**10 and out[8] == -2**31


def test_float_loops_of_two_integer_dtypes(kernels_on_both_targets):
    rng = np.random.default_rng(5)
    h = rng.integers(-3000, 3000, 9).astype(np.int16)
    w = rng.integers(0, 6000, 9).astype(np.uint16)
    b = rng.integers(-128, 128, 9).astype(np.int8)
    i = rng.integers(-10**6, 10**6, 9).astype(np.int32)
    out = kernels_on_both_targets("float_loop_pairs.py").check(h, w, b, i)
    assert [o.dtype.name for o in out] == ["float32"] * 4 + ["float64"] + ["float32"] * 2



# One of the five ints out of range at a time: npc raises where a lazy value is computed,
# which is not always the statement that names it (see README, Differences from NumPy).
@pytest.mark.parametrize("which", range(5))
@pytest.mark.parametrize("k", [1, 20, 63, 64, 126, 127, 200, 256, 257, -1, -200])
def test_computed_python_ints_must_fit(kernels_on_both_targets, which, k):
    kern = kernels_on_both_targets("computed_python_ints.py")
    ks = [1, 1, 1, 1, 1]
    ks[which] = k
    args = (np.array([-3, 0, 100], np.int8), np.array([0, 7, 255], np.uint8),
            np.array([0, 2**64 - 1], np.uint64), *ks)
    kern.check_like_numpy(*args, raises=OverflowError)


INT64_MIN, INT64_MAX = -2**63, 2**63 - 1
PYTHON_INT_PAIRS = [(3, 4), (-7, 2), (2**40, 2**30), (2**31, 2**32), (2**62, 2), (2**62, -2),
                    (-2**62, 2), (INT64_MIN, -1), (-1, INT64_MIN), (INT64_MAX, 1),
                    (INT64_MAX, -1), (INT64_MIN, 1), (INT64_MIN, 0), (2, 62), (2, 63), (-2, 63),
                    (1, 64), (0, 70), (3, -1), (-3, 39), (3, 40), (3037000499, 3037000499),
                    (3037000500, 3037000500), (-3037000500, 3037000500), (2**61, 3),
                    (-2**61 - 1, 4), (-(2**62) // 3 - 1, 2)]


# The intermediate values of python_int_overflow.py's modes: npc computes them in int64 too,
# so one beyond int64 raises even where the final value fits (`5 - k * 2`, k = 2**62).
PYTHON_INT_PARTS = {7: lambda k, m: [-k], 8: lambda k, m: [abs(k)], 9: lambda k, m: [3 * k],
                    10: lambda k, m: [k * 2], 14: lambda k, m: [k**i for i in range(m + 1)],
                    15: lambda k, m: [k * m if m < 0 else 0], 16: lambda k, m: [k * 2]}


# The expressions each mode's OverflowError may quote (the first that overflows).
OVERFLOWING = {0: ["k * m"], 1: ["k + m"], 2: ["k - m"], 3: ["k // m"], 4: ["k << m"],
               6: ["k ** m"], 7: ["-k", "-k + m"], 8: ["abs(k)", "abs(k) - m"],
               9: ["3 * k", "3 * k + 1"], 10: ["k * 2", "5 - k * 2"], 11: ["k << 3"],
               12: ["k ** 2"], 13: ["k // -1"], 14: ["r *= k"],
               15: ["k * m", "(k * m if m < 0 else m) + int(np.sum(np.arange(3)) * k)"],
               16: ['k * int(float("2"))']}


@pytest.mark.parametrize("k,m", PYTHON_INT_PAIRS)
def test_python_int_overflow_raises(kernels_on_both_targets, k, m):
    # Every operator of python_int_overflow.py on (k, m): Python's value where it fits in
    # int64, OverflowError where Python's unbounded int does not (a wrapped value before).
    kern = kernels_on_both_targets("python_int_overflow.py")
    for mode in range(17):
        if (mode in (4, 6) and not 0 <= m <= 200) or (mode == 14 and not 0 <= m <= 70):
            continue  # huge Python values; a negative power is a float in Python
        parts = PYTHON_INT_PARTS.get(mode, lambda k, m: [])(k, m)
        r = kern.check_like_python(  # ValueError: a negative shift count
            mode, k, m, raises=ValueError, message="does not fit in int64",
            npc_refuses=lambda want: not all(INT64_MIN <= v <= INT64_MAX for v in [want, *parts]))
        if isinstance(r, npc_harness.RunResult) and "does not fit" in r.stderr:
            assert any(f"the Python int {e} does not fit" in r.stderr for e in OVERFLOWING[mode])


@pytest.mark.parametrize("a,b,c,d", [
    (-2**31, 255, 2**21 - 1, -32768), (2**31 - 1, 0, 0, 32767), (7, 3, 2**32 - 1, -3),
    (-5, 40, 2**20, -3), (1, 255, 5, 1), (3, 2, 9, 0)])
def test_python_ints_from_narrow_elements(kernels_on_both_targets, a, b, c, d):
    # int() of int32/uint8/uint32/int16 elements; `w * w * w` leaves int64 for large w.
    kern = kernels_on_both_targets("narrow_python_ints.py")
    kern.check_like_python(
        np.array([a], np.int32), np.array([b], np.uint8), np.array([c], np.uint32),
        np.array([d], np.int16), raises=ZeroDivisionError, message="does not fit in int64",
        npc_refuses=lambda want: not all(INT64_MIN <= v <= INT64_MAX for v in [*want, c * c]))
