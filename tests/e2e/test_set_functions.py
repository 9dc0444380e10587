"""kernels/set_functions.py against NumPy on both targets: repeated values, empty arrays,
NaNs (in no intersection, kept apart by setxor1d as NumPy keeps them), -0.0 against 0.0,
uint8 differences that wrap."""

import numpy as np
import pytest

RNG = np.random.default_rng(61)


def case(n, k, special=False):
    x = np.round(RNG.normal(size=n) * 2, 1)
    m = np.round(RNG.normal(size=(2, k)) * 2, 1).astype(np.float32)
    if special and n > 3:
        x[:4] = [np.nan, -0.0, np.nan, 0.5]
        m[0, :3] = [np.nan, 0.0, 0.5]
    return (RNG.integers(-5, 6, n).astype(np.int32), RNG.integers(0, 9, k),
            x, m, RNG.integers(0, 256, k).astype(np.uint8))


@pytest.mark.parametrize("args", [case(12, 9), case(8, 6, special=True), case(0, 3),
                                  case(3, 0), case(1, 1)],
                         ids=["general", "special", "empty-first", "empty-second", "single"])
def test_set_functions(kernels_on_both_targets, args):
    kernels_on_both_targets("set_functions.py").check(*args)
