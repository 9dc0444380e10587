"""kernels/inverse_hyperbolic.py, math_special.py, complex_archyp.py: np.arcsinh,
np.arccosh, np.arctanh (NumPy 2's dtypes: float32 stays float32, int16 gives float32;
special values: NaN, inf, -0.0, out of the domain), math.erf/erfc/asinh/acosh/atanh.
Tolerance: MAX_ULP (npc calls the C library, NumPy its own loops; see
elementwise_check.py)."""

import numpy as np
import pytest

import npc_harness
from elementwise_check import check, special


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_inverse_hyperbolic(kernels_on_both_targets, dtype):
    k = kernels_on_both_targets("inverse_hyperbolic.py")
    x = np.concatenate([special(dtype), np.linspace(-0.99, 0.99, 9, dtype=dtype),
                        np.array([1.0, -1.0, 1.0000001, 7.5], dtype)])
    ints = np.arange(-6, x.size - 6, dtype=np.int16)
    out = check(k, x, ints, ulp={0, 1, 2, 3, 4})
    assert [o.dtype for o in out] == [dtype] * 3 + [np.float32] * 2


@pytest.mark.parametrize("s,n", [(0.7, 3), (-2.5, 0), (0.0, -4), (8.0, 30), (-1e-300, 1)])
def test_math_special(kernels_on_both_targets, s, n):
    k = kernels_on_both_targets("math_special.py")
    check(k, s, n, ulp=set(range(8)))


@pytest.mark.parametrize("dtype", [np.complex128, np.complex64])
def test_complex(kernels_on_both_targets, dtype, tmp_path):
    if kernels_on_both_targets.target == "cuda":
        npc_harness.assert_cuda_refuses(
            "complex_archyp.py", tmp_path / "out", "complex_archyp.py:9:",
            "np.arcsinh of complex128 numbers is not supported by the CUDA target")
        return
    k = kernels_on_both_targets("complex_archyp.py")
    rng = np.random.default_rng(13)
    z = (rng.normal(size=64) + 1j * rng.normal(size=64)) * 10.0 ** rng.uniform(-4, 3, 64)
    z[:4] = [0, 1, -1, 2j]
    k.check(z.astype(dtype), rtol=1e-10 if dtype == np.complex128 else 1e-4)
