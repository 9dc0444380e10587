"""kernels/elementwise_extras.py against NumPy on both targets: general values, zeros of
both signs, halves, NaN and infinities, complex numbers with and without imaginary parts."""

import numpy as np
import pytest

RNG = np.random.default_rng(59)


def case(n, special=False):
    x = RNG.normal(size=n) * 3
    m = RNG.normal(size=(3, n)).astype(np.float32) * 3
    z = RNG.normal(size=n) + 1j * RNG.normal(size=n)
    if special:
        x[:6] = [np.nan, np.inf, -np.inf, -0.0, -0.5, 0.0]
        m[0, :4] = [np.inf, -np.inf, np.nan, -2.5]
        z[:2] = [1.5 + 0j, np.nan + 0j]
    return (x, m, RNG.integers(-300, 300, n).astype(np.int16), z, RNG.uniform(size=n) < 0.5)


@pytest.mark.parametrize("args", [case(7), case(8, special=True), case(0), case(1)],
                         ids=["general", "special", "empty", "single"])
def test_elementwise_extras(kernels_on_both_targets, args):
    kernels_on_both_targets("elementwise_extras.py").check(*args)
