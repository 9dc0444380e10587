"""kernels/math_functions.py against NumPy on both targets: np.nan_to_num, np.select,
np.polyval, np.isin, np.logspace, np.float_power, np.divmod and np.modf, on general values,
NaN, infinities of both signs, -0.0, integers (division by zero included) and empty
arrays."""

import numpy as np
import pytest

RNG = np.random.default_rng(41)


def case(n, rows, cols, special=False):
    x = RNG.normal(size=n) * 3
    y = RNG.normal(size=n).astype(np.float32)
    m = RNG.normal(size=(rows, cols))
    if special:
        x[:8] = [np.nan, np.inf, -np.inf, -0.0, 0.0, -3.0, 2.5, -0.5]
        y[:4] = [np.nan, np.inf, -np.inf, -0.0]
        m.flat[:3] = [np.nan, np.inf, -np.inf]
    return (x, y, RNG.integers(-100, 300, n).astype(np.int16), RNG.normal(size=4), m)


@pytest.mark.parametrize("args", [case(9, 3, 9), case(12, 2, 12, special=True),
                                  case(0, 4, 0), case(1, 1, 1)], ids=["general", "special",
                                                                      "empty", "single"])
def test_math_functions(kernels_on_both_targets, args):
    kernels_on_both_targets("math_functions.py").check(*args)
