"""kernels/reciprocals.py against NumPy on both targets, exactly (rtol=0): np.reciprocal of
every integer dtype at 0, 1, -1, 2 and the extremes, and of floats at the special values."""

import numpy as np
import pytest

RNG = np.random.default_rng(29)
INTS = (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64)


def integers(dtype, n, special):
    info = np.iinfo(dtype)
    a = RNG.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
    if special:
        values = [0, 1, 2, info.max, info.min] + ([-1, -2] if info.min < 0 else [])
        a[:len(values)] = values
    return a


def case(n, special=False):
    x = RNG.normal(size=n) * 10.0 ** RNG.integers(-300, 300, n)
    y = (RNG.normal(size=n) * 10.0 ** RNG.integers(-30, 30, n)).astype(np.float32)
    if special:
        x[:8] = [0.0, -0.0, 5e-324, -1e-310, np.inf, -np.inf, np.nan, 1.0]
        y[:8] = [0.0, -0.0, 1e-45, -1e-40, np.inf, -np.inf, np.nan, -2.0]
    return (x, y, *(integers(t, n, special) for t in INTS), RNG.integers(0, 2, n).astype(bool))


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("args", [case(9), case(12, special=True), case(0)],
                         ids=["general", "special", "empty"])
def test_reciprocals(kernels_on_both_targets, args):
    kernels_on_both_targets("reciprocals.py").check(*args, rtol=0)
