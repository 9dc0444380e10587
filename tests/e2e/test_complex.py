"""complex64 / complex128 against NumPy 2.x: kernels/complex_*.py.

Tolerances: the dtype exactly; values with rtol 1e-12 (complex128) / 1e-5 (complex64) on
the complex difference (np.testing.assert_allclose), NaN parts in the same places.
Quotients are NumPy's (Smith's algorithm, bit for bit), exp, log, sqrt and the
trigonometric functions the same C library functions (cexp, clog, ...); products are the
textbook formula where NumPy's SIMD loops fuse multiply-adds (last-bit differences, so
arithmetic is compared with rtol 1e-10 / 1e-4); sums differ by reassociation as for
floats. The
trigonometric functions are compared with rtol 1e-10 / 1e-4 (NumPy may use its own
implementations of some, e.g. casinh, that differ in the last bits).

Every test runs on both targets: the OpenMP build, and the CUDA target's output
(cuda::std::complex in kernels, std::complex at the API) built with npc's CPU emulation
of CUDA (tests/cuda/emu/nvcc-emu). The emulation compiles libcu++'s own complex functions
as host code where the CUDA Toolkit is installed (std::complex stands in otherwise), so
they are checked against NumPy too.
"""

import numpy as np
import pytest

import npc_harness

COMPLEX = [np.complex128, np.complex64]


@pytest.fixture
def kernels(kernels_on_both_targets):
    """Every test runs on both targets."""
    return kernels_on_both_targets


def sample(dtype, n=64, seed=3):
    """Random complex values of both signs and several magnitudes, with some exact
    integers, pure reals and pure imaginaries among them (no zeros: b is a divisor)."""
    rng = np.random.default_rng(seed)
    z = rng.normal(scale=3, size=n) + 1j * rng.normal(scale=3, size=n)
    z[:8] = [1, -2, 3j, -0.5j, 1 + 1j, -2 - 3j, 1e-3 + 1e3j, 1e5 - 2j]
    return z.astype(dtype)


@pytest.mark.parametrize("dtype", COMPLEX)
def test_arithmetic(kernels, dtype):
    k = kernels("complex_arith.py")
    a, b = sample(dtype), sample(dtype, seed=4)
    b[3] = a[3]  # an equal pair for == and !=
    out = k.check(a, b, rtol=1e-10 if dtype == np.complex128 else 1e-4)
    assert [o.dtype for o in out[:13]] == [np.dtype(dtype)] * 13
    assert out[13].dtype == np.bool_ and out[13][3] and not out[14][3]


@pytest.mark.parametrize("dtype", COMPLEX)
def test_quotients_are_numpys(kernels, dtype):
    """Division follows NumPy's Smith's algorithm bit for bit, also for huge and tiny parts
    (where the textbook quotient would overflow) and for division by zero. (Products are
    the textbook formula of NumPy's scalar loop; NumPy's SIMD loops fuse multiply-adds,
    so products may differ in the last bit: test_arithmetic's tolerance.)"""
    k = kernels("complex_arith.py")
    big = 1e300 if dtype == np.complex128 else 1e30
    tiny = 1e-300 if dtype == np.complex128 else 1e-30
    a = np.array([big + big * 1j, tiny + 1j, 3 + 4j, np.inf + 1j, 1 + 1j, 0j, 1 + 2j], dtype)
    b = np.array([big - big * 1j, tiny - 2j, 0j, 2 + 0j, np.nan + 0j, 1j, 3 - 4j], dtype)
    with np.errstate(all="ignore"):
        want = k.numpy(a, b)
    r = k.run([a, b], len(want))
    assert r.returncode == 0, r.stderr
    np.testing.assert_array_equal(r.outputs[3], want[3], strict=True)


def test_promotion_and_conversions(kernels):
    k = kernels("complex_mixed.py")
    rng = np.random.default_rng(5)
    f = rng.normal(size=16).astype(np.float32)
    i = rng.integers(-50, 50, 16)
    d = rng.normal(size=16)
    z = sample(np.complex64, 16)
    z[2] = 0
    out = k.check(f, i, d, z)
    assert [o.dtype.name for o in out[:6]] == ["complex64", "complex128", "complex128",
                                              "complex64", "complex64", "complex128"]
    assert out[9].dtype == np.float32 and out[11].dtype == np.bool_ and not out[11][2]


@pytest.mark.parametrize("dtype", COMPLEX)
def test_unary_functions(kernels, dtype):
    k = kernels("complex_funcs.py")
    z = sample(dtype)
    out = k.check(z, rtol=1e-12 if dtype == np.complex128 else 1e-5)
    part = np.float64 if dtype == np.complex128 else np.float32
    assert [o.dtype for o in out[:7]] == [np.dtype(part)] * 7


@pytest.mark.parametrize("dtype", COMPLEX)
def test_unary_special_values(kernels, dtype):
    """Branch cuts and non-finite parts: sqrt and log of negative reals with both signs of
    zero imaginary parts, infinities and NaNs."""
    k = kernels("complex_funcs.py")
    parts = [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan]
    z = np.array([complex(r, i) for r in parts for i in parts], dtype)
    # complex(r, i) loses -0.0 imaginary parts: set them explicitly.
    z.real = np.repeat(parts, len(parts))
    z.imag = np.tile(parts, len(parts))
    with np.errstate(all="ignore"):
        want = k.numpy(z)
    r = k.run([z], len(want))
    assert r.returncode == 0, r.stderr
    for i in (0, 3, 4, 7, 10, 12, 13, 14, 17, 18, 19):  # abs, real, imag, conj, angle, exp, sqrt, log, isnan, isinf, isfinite
        got, exp = r.outputs[i], np.asarray(want[i])
        assert got.dtype == exp.dtype
        if exp.dtype.kind == "c":
            for g, e in ((got.real, exp.real), (got.imag, exp.imag)):
                np.testing.assert_array_equal(np.isnan(g), np.isnan(e), err_msg=f"result {i}")
                ok = ~np.isnan(e)
                np.testing.assert_allclose(g[ok], e[ok], rtol=1e-6, err_msg=f"result {i}")
        else:
            np.testing.assert_allclose(got, exp, rtol=1e-6, err_msg=f"result {i}")


@pytest.mark.parametrize("dtype", COMPLEX)
def test_trigonometric(kernels, dtype):
    k = kernels("complex_trig.py")
    z = sample(dtype) / 4
    k.check(z, rtol=1e-10 if dtype == np.complex128 else 1e-4)


@pytest.mark.parametrize("dtype", COMPLEX)
def test_log_near_the_unit_circle(kernels, dtype):
    """log|z| of |z| near 1 keeps its digits (log(1+1e-9j) is 5e-19+1e-9j), where
    log(hypot(x, y)) would give 0: C's clog, which NumPy calls, and npc's on CUDA."""
    k = kernels("complex_funcs.py")
    rng = np.random.default_rng(11)
    theta = rng.uniform(-np.pi, np.pi, 64)
    z = (np.exp(1j * theta) * (1 + rng.normal(scale=1e-6, size=64))).astype(dtype)
    z[:4] = [1 + 1e-9j, -1 - 1e-9j, 0.6 + 0.8j, 1e-9 + 1j]
    k.check(z, rtol=1e-12 if dtype == np.complex128 else 1e-5)


@pytest.mark.parametrize("dtype", COMPLEX)
def test_inverse_trigonometric(kernels, dtype, tmp_path):
    """np.arcsin/arccos/arctan of complex numbers on the OpenMP target (C's casin, ...),
    over magnitudes from 1e-6 to 1e4; the CUDA target rejects them with a located error
    (libcu++'s lose digits there) and writes nothing."""
    if kernels.target == "cuda":
        npc_harness.assert_cuda_refuses(
            "complex_arctrig.py", tmp_path / "out", "complex_arctrig.py:9:",
            "np.arcsin of complex128 numbers is not supported by the CUDA target")
        return
    k = kernels("complex_arctrig.py")
    rng = np.random.default_rng(12)
    z = sample(dtype) * (10.0 ** rng.uniform(-6, 4, 64)).astype(dtype)
    k.check(z, rtol=1e-10 if dtype == np.complex128 else 1e-4)


@pytest.mark.parametrize("dtype", COMPLEX)
def test_reductions(kernels, dtype):
    k = kernels("complex_reduce.py")
    z = sample(dtype, 300 * 12, seed=8).reshape(300, 12) / 3
    out = k.check(z, rtol=1e-11 if dtype == np.complex128 else 2e-4)
    part = np.dtype(np.float64 if dtype == np.complex128 else np.float32)
    assert out[0].dtype == dtype and out[3].dtype == dtype  # sum, mean stay complex
    assert out[5].dtype == part and out[8].dtype == part  # var, norm are real


@pytest.mark.parametrize("threads", [1, 4])
def test_parallel_sum(kernels, threads):
    """np.sum over the whole array runs as an OpenMP reduction with a declared complex `+`."""
    k = kernels("complex_reduce.py")
    z = sample(np.complex128, 4000 * 12, seed=9).reshape(4000, 12)
    k.check(z, rtol=1e-10, threads=threads)


def test_scalar_arguments(kernels):
    """Complex scalars reach the driver as 0-d .npy files."""
    k = kernels("complex_scalar.py")
    z = sample(np.complex128, 20)
    args = [z, np.array(1.5 - 2j), np.array(0.5 + 0.25j, np.complex64), np.array(2.0)]
    want = k.numpy(*args)
    r = k.run(args, len(want))
    assert r.returncode == 0, r.stderr
    for i, (got, exp) in enumerate(zip(r.outputs, want)):
        npc_harness.assert_same(got, exp, what=f"result {i}")
    assert [o.dtype.name for o in r.outputs[:6]] == ["complex128", "complex128", "complex128",
                                                    "complex64", "complex128", "complex64"]
    assert r.outputs[6].dtype == np.float64 and r.outputs[7].dtype == np.float64


def test_parts_as_values(kernels):
    """Copies and sums of z.real/z.imag keep the values they had, as in NumPy; z is updated
    in place (the writes through views npc cannot share are located errors, see
    test_diagnostics.py)."""
    kernels("complex_parts.py").check(sample(np.complex128, 9))


def test_complex_dtype_names(kernels):
    k = kernels("complex_dtype_names.py")
    out = k.check(np.array([1, -2], np.int8), np.array([1.5, -0.25], np.float32))
    assert all(o.dtype == np.complex128 for o in out)


def test_complex_rounding(kernels):
    k = kernels("complex_rounding.py")
    z = np.array([1.5 + 2.5j, -0.5 - 1.5j, complex(np.inf, np.nan), -0.2 + 0.7j, 2.5e15 - 0.5j])
    w = np.array([2.5 - 3.5j, -0.4 + 0.0j, 1e30 + 0.5j], np.complex64)
    for got, want in zip(k.check(z, w, rtol=0), k.numpy(z, w)):
        for g, v in ((got.real, want.real), (got.imag, want.imag)):  # zeros' signs; not NaNs'
            np.testing.assert_array_equal(np.signbit(g) & ~np.isnan(g),
                                          np.signbit(v) & ~np.isnan(v))
