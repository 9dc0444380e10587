"""kernels/vander_trim.py against NumPy on both targets: powers by repeated multiplication
(int8 inputs computed in int64, large powers wrapping as NumPy's), leading and trailing
zeros (and -0.0) trimmed, all-zero and empty arrays."""

import numpy as np
import pytest

RNG = np.random.default_rng(89)


def case(n, zeros_front, zeros_back, width):
    z = np.concatenate([np.zeros(zeros_front), RNG.normal(size=n), np.zeros(zeros_back)])
    if zeros_front:
        z[0] = -0.0
    t = np.concatenate([np.zeros(zeros_back, np.int32),
                        RNG.integers(-3, 3, n).astype(np.int32), np.zeros(zeros_front, np.int32)])
    return (RNG.normal(size=n), RNG.integers(-128, 128, n).astype(np.int8),
            RNG.uniform(size=n) < 0.5, z, t, width)


@pytest.mark.parametrize("args", [case(5, 2, 3, 4), case(3, 0, 0, 12), case(0, 3, 2, 2),
                                  case(1, 1, 0, 0)], ids=["general", "no-zeros", "all-zero",
                                                          "single"])
def test_vander_trim(kernels_on_both_targets, args):
    kernels_on_both_targets("vander_trim.py").check(*args)
