"""kernels/machine_limits.py: np.finfo and np.iinfo of a dtype (np.float32, float,
'complex128', x.dtype): every attribute npc knows, exactly NumPy's value and type (finfo's
floats are NumPy scalars of the float dtype, so NEP 50 promotes with them; iinfo's min and
max and the integer attributes are Python ints)."""

import numpy as np
import pytest


@pytest.mark.parametrize("n", [4, 1, 0])
def test_limits(kernels_on_both_targets, n):
    k = kernels_on_both_targets("machine_limits.py")
    x = np.linspace(-3e38, 3e38, n).astype(np.float32)
    y = np.linspace(-1e-300, 2.0, n)
    i = np.array([1, -300, 32767, -32768][:n], np.int16)
    u = np.array([0, 7, 2**32 - 1, 9][:n], np.uint32)
    results = k.check(x, y, i, u, rtol=0)
    assert [r.dtype for r in results[:6]] == [np.float32, np.float64, np.int16, np.float64,
                                              np.float64, np.uint32]
    assert [r.dtype for r in results[6:29]] == [np.int64] * 23
    assert [r.dtype for r in results[29:]] == [np.float32] * 8 + [np.float64] * 8
