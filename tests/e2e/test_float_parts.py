"""kernels/float_parts.py against NumPy on both targets, exactly (rtol=0): np.frexp and
np.ldexp at the special floats, with exponents that overflow and underflow (to
subnormals and zeros), and a Python int exponent beyond int32 (NumPy's OverflowError)."""

import numpy as np
import pytest

RNG = np.random.default_rng(91)


def case(n, k=3, special=False):
    x = RNG.normal(size=n) * 10.0 ** RNG.integers(-300, 300, n)
    y = (RNG.normal(size=n) * 10.0 ** RNG.integers(-30, 30, n)).astype(np.float32)
    e = RNG.integers(-1200, 1200, n)
    e32 = RNG.integers(-200, 200, n).astype(np.int32)
    if special and n >= 10:
        f64, f32 = np.finfo(np.float64), np.finfo(np.float32)
        x[:10] = [0.0, -0.0, 5e-324, -2.5e-310, f64.max, -f64.max, np.inf, -np.inf, np.nan, 1.0]
        y[:10] = [0.0, -0.0, 1e-45, -1e-40, f32.max, f32.tiny, np.inf, -np.inf, np.nan, -1.0]
        e[:10] = [2**40, -2**40, 1074, -1, -1, 2000, -5, 3, 7, -1075]
        e32[:10] = [-149, 2**31 - 1, 1, -2**31, -1, 1, 0, 2, 1, 127]
    return (x, y, RNG.integers(-30000, 30000, n).astype(np.int16),
            e, RNG.integers(0, 2**32, n).astype(np.uint32), e32,
            RNG.integers(-128, 128, n).astype(np.int8), k)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("args", [case(9), case(12, k=-1080, special=True), case(0),
                                  case(3, k=2**31 - 1), case(3, k=-2**31), case(2, k=2**31),
                                  case(2, k=-2**31 - 1)],
                         ids=["general", "special", "empty", "int32-max", "int32-min",
                              "beyond-int32", "below-int32"])
def test_float_parts(kernels_on_both_targets, args):
    kernels_on_both_targets("float_parts.py").check_like_numpy(*args, raises=(OverflowError,),
                                                               rtol=0)
