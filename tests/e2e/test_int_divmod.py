"""kernels/int_divmod.py: floored // and % on int32 and int64, with negative operands,
zero divisors (NumPy gives 0) and MIN // -1 (wraps)."""

import numpy as np
import pytest

KERNEL = "int_divmod.py"


def operands(dtype):
    lo = np.iinfo(dtype).min
    values = np.array([-7, -6, -1, 0, 1, 5, 7, 100, lo, lo + 1], dtype=dtype)
    divisors = np.array([-3, -1, 0, 1, 2, 3, 7, -7], dtype=dtype)
    a, b = np.meshgrid(values, divisors)
    return a.ravel(), b.ravel()


@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_all_sign_combinations(kernel, dtype):
    a, b = operands(dtype)
    q, r, q3, m7 = kernel.check(a, b)
    assert q.dtype == dtype and m7.dtype == dtype
    assert (q[b == 0] == 0).all() and (r[b == 0] == 0).all()


@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_edges(kernel, dtype):
    kernel.check(np.array([-9], dtype), np.array([4], dtype))
    kernel.check(np.array([], dtype), np.array([], dtype))
    kernel.check(np.array([-9, 9, 0], dtype), np.array([-4], dtype))  # divisor broadcasts


def test_random_int32(kernel):
    rng = np.random.default_rng(5)
    a = rng.integers(-1000, 1000, 500, dtype=np.int32)
    b = rng.integers(-20, 20, 500, dtype=np.int32)
    kernel.check(a, b)


def test_int8_matches_no_overload(kernel):
    r = kernel.run([np.ones(2, np.int8), np.ones(2, np.int8)], 4)
    assert r.returncode == 1 and "no overload" in r.stderr
