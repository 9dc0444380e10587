"""kernels/where_clip.py, chained_compare.py: np.where, np.clip and chained comparisons
(tolerances: see elementwise_check.py)."""

import numpy as np
import pytest

from elementwise_check import MAX_ULP, SPECIAL, check, special  # noqa: F401

def test_where_clip(kernels):
    x = np.array([-np.inf, -2.0, -1.0, -0.0, 0.0, 0.5, 1.0, 3.0, np.inf, np.nan])
    y = np.array([1.0, -0.0, 0.0, np.nan, -3.0, 0.75, 2.0, -np.inf, 0.5, 0.25], np.float32)
    k = np.array([-128, -2, -1, 0, 1, 2, 3, 100, 127, 0], np.int8)
    out = check(kernels("where_clip.py"), x, y, k)
    assert [o.dtype for o in out[:5]] == [np.float64, np.float64, np.int8, np.float32, np.int8]
    assert out[9].dtype == np.int8 and out[10].dtype == np.float64
    assert np.signbit(out[6][3])  # clip keeps -0.0
    # With one side None, NumPy's clip is np.minimum/np.maximum: a tie gives the bound.
    want = kernels("where_clip.py").numpy(x, y, k)
    for i in (17, 18):
        np.testing.assert_array_equal(np.signbit(out[i]), np.signbit(want[i]))


def test_where_clip_random(kernels):
    rng = np.random.default_rng(8)
    n = 33
    check(kernels("where_clip.py"), rng.normal(size=n), rng.normal(size=n).astype(np.float32),
          rng.integers(-128, 128, n, dtype=np.int8))


def test_chained_compare(kernels):
    k = kernels("chained_compare.py")
    for x, ints, t in [(-1.0, -2, 1.0), (0.5, 0, 0.5), (2.0, 1, 5.0), (np.nan, 0, 0.5),
                       (1.0, 1, 1.0)]:
        check(k, np.float64(x), np.int64(ints), np.float64(t),
              reference=lambda x, k, t: (np.bool_(0 < x <= t), np.bool_(k < x < t),
                                         np.bool_(-1 < t < 1), np.bool_(x == x != k)))
