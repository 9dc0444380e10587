"""kernels/integer_float_ufuncs.py against NumPy on both targets, exactly (rtol=0): gcd and
lcm of zeros, negatives, the minimum integers and products that wrap; nextafter and spacing
at the special floats."""

import numpy as np
import pytest

RNG = np.random.default_rng(73)


def case(n, special=False):
    a = RNG.integers(-1000, 1000, n)
    b = RNG.integers(-1000, 1000, n)
    x = RNG.normal(size=n)
    y = RNG.normal(size=n).astype(np.float32)
    if special:
        a[:6] = [-2**63, 0, -2**63, 2**62, 0, -12]
        b[:6] = [0, 0, 6, 6, 7, 18]
        x[:8] = [0.0, -0.0, 5e-324, -5e-324, np.finfo(np.float64).max, np.inf, -np.inf, np.nan]
        y[:4] = [0.0, -0.0, np.finfo(np.float32).max, np.nan]
    return (a, b, RNG.integers(0, 256, n).astype(np.uint8),
            RNG.integers(-128, 128, n).astype(np.int8), x, y,
            RNG.integers(-300, 300, n).astype(np.int16))


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("args", [case(9), case(10, special=True), case(0)],
                         ids=["general", "special", "empty"])
def test_integer_float_ufuncs(kernels_on_both_targets, args):
    kernels_on_both_targets("integer_float_ufuncs.py").check(*args, rtol=0)
