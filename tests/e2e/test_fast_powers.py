"""kernels/fast_powers.py and complex_powers.py: `x ** 0.5` as NumPy's operator computes
it (sqrt for float and complex arrays, so -0.0 stays -0.0 and -inf gives NaN; pow for
scalars), compared with NumPy bit for bit, signs of zeros included; kernels/bool_squares.py:
`** 2` of bool arrays is int8 (numpy.square)."""

import numpy as np
import pytest

EDGES = [-0.0, 0.0, -np.inf, np.inf, np.nan, -4.0, 0.25, 2.0, 1e-300, 3.0]
COMPLEX_EDGES = [complex(-np.inf, 0.0), complex(0.0, -0.0), complex(-4.0, 0.0), 3 + 4j,
                 complex(np.inf, np.nan), -0.0, 1j, -2 - 2j, 0.5, 2.0]


def check_bits(kernel, *args):
    """kernel.check, and the sign bits of every non-NaN part equal NumPy's."""
    results = kernel.check(*args)
    with np.errstate(all="ignore"):
        expected = kernel.numpy(*args)
    for i, (got, want) in enumerate(zip(results, expected)):
        want = np.asarray(want)
        # assert_allclose treats -0.0 and 0.0 as equal; the sign is the point here (the
        # sign of a NaN is not).
        for g, w in ((got.real, want.real), (got.imag, want.imag)):
            number = ~np.isnan(w)
            assert np.array_equal(np.signbit(g[number]), np.signbit(w[number])), \
                f"result {i}: {got} vs NumPy {want}"
        np.testing.assert_array_equal(got, want, strict=True, err_msg=f"result {i}")


@pytest.mark.parametrize("s", [-0.0, 4.0, -np.inf])
def test_float_arrays_take_sqrt(kernels, s):
    x = np.array(EDGES)
    check_bits(kernels("fast_powers.py"), x, x.astype(np.float32), s)


def test_complex_arrays_take_sqrt(kernels):
    z = np.array(COMPLEX_EDGES)
    check_bits(kernels("complex_powers.py"), z, z.astype(np.complex64))


def test_bool_squares_are_int8(kernels_on_both_targets):
    b = np.array([[True, False, True], [False, False, True]])
    out = kernels_on_both_targets("bool_squares.py").check(b)
    assert [o.dtype for o in out] == [np.int8, np.int8, np.int64, np.float64, np.int64, np.int8]
