"""Shared by test_ufuncs_unary.py, test_ufuncs_binary.py and test_where_clip.py: special
input values and a result check with a ULP tolerance for transcendental functions.

Tolerances: ints and bools exactly; floats with rtol 1e-12 (float64) / 1e-5 (float32),
except the transcendental functions (exp2 expm1 log2 log10 log1p sin cos tan arcsin
arccos arctan sinh cosh tanh arctan2 hypot power), where npc calls the C library and
NumPy its own SIMD loops: those agree within 4 ULP (np.testing.assert_array_max_ulp),
with NaN, inf and the sign of zero results in the same places.
"""

import numpy as np

import npc_harness

SPECIAL = [-np.inf, -1e300, -3.5, -2.5, -1.0, -0.5, -1e-310, -0.0, 0.0, 1e-30, 0.25, 0.5,
           1.0, 1.5, 2.5, 3.0, 80.0, 1e30, np.inf, np.nan]
MAX_ULP = 4


def check(kernel, *args, ulp=(), reference=None):
    """Runs `kernel` on `args` and compares every result with NumPy's (from `reference`
    if given, else the kernel's own function): dtypes exactly; results whose index is in
    `ulp` within MAX_ULP, the others as npc_harness.assert_same does. Returns them."""
    with np.errstate(all="ignore"):
        expected = reference(*args) if reference else kernel.numpy(*args)
    expected = list(expected) if isinstance(expected, tuple) else [expected]
    r = kernel.run(args, len(expected))
    assert r.returncode == 0, r.stderr
    for i, (got, want) in enumerate(zip(r.outputs, expected)):
        want = np.asarray(want)
        if want.dtype.kind == "f" and got.dtype == want.dtype:
            zeros = want == 0
            np.testing.assert_array_equal(np.signbit(got[zeros]), np.signbit(want[zeros]),
                                          err_msg=f"result {i}: signs of zeros")
        if i not in ulp:
            npc_harness.assert_same(got, want, what=f"result {i}")
            continue
        assert got.dtype == want.dtype, f"result {i}: dtype {got.dtype}, NumPy gives {want.dtype}"
        assert got.shape == want.shape
        np.testing.assert_array_equal(np.isnan(got), np.isnan(want), err_msg=f"result {i} NaNs")
        finite = np.isfinite(want)
        np.testing.assert_array_equal(got[~finite & ~np.isnan(want)],
                                      want[~finite & ~np.isnan(want)], err_msg=f"result {i} inf")
        np.testing.assert_array_max_ulp(got[finite], want[finite], maxulp=MAX_ULP,
                                        dtype=want.dtype)
    return r.outputs




def special(dtype):
    """SPECIAL in `dtype` (float32 overflows +-1e300 and 1e30... to +-inf, on purpose)."""
    with np.errstate(over="ignore"):
        return np.array(SPECIAL).astype(dtype)
