"""kernels/gradients.py against NumPy on both targets: uneven and even coordinates (NumPy
takes the uniform formulas for even ones), the shortest axes each edge_order takes, and
NumPy's ValueErrors for shorter axes and coordinates of the wrong length (on entry)."""

import numpy as np
import pytest

RNG = np.random.default_rng(71)


def case(n, rows, cols, even=False):
    coords = np.arange(n) * 0.5 if even else np.cumsum(RNG.uniform(0.1, 1.0, n))
    return (RNG.normal(size=n), RNG.normal(size=(rows, cols)).astype(np.float32),
            RNG.integers(-50, 50, n).astype(np.int32), coords, 0.3,
            np.cumsum(RNG.uniform(0.5, 1.0, max(rows, 1))).astype(np.float32))


@pytest.mark.parametrize("args", [case(9, 4, 5), case(6, 3, 3, even=True), case(3, 3, 3),
                                  case(40, 7, 3)], ids=["uneven", "even", "shortest", "long"])
def test_gradients(kernels_on_both_targets, args):
    kernels_on_both_targets("gradients.py").check(*args)


def test_gradient_errors(kernels_on_both_targets):
    k = kernels_on_both_targets("gradients.py")
    k.check_like_numpy(*case(2, 3, 3))  # too short for edge_order=2
    x, m, i, coords, h, c32 = case(5, 3, 3)
    k.check_like_numpy(x, m, i, coords[:4], h, c32)


def test_even_coordinates_take_numpys_formulas(kernels_on_both_targets):
    """Exactly NumPy's values (rtol=0): for even coordinates NumPy switches to the uniform
    formulas, whose rounding differs from the general ones'."""
    x = RNG.normal(size=7)
    coords = np.arange(7) * 0.375  # exact steps: all equal
    args = (x, RNG.normal(size=(3, 3)).astype(np.float32), np.arange(7, dtype=np.int32) ** 2,
            coords, 0.3, np.arange(1, 4, dtype=np.float32) * 0.75)
    kernels_on_both_targets("gradients.py").check(*args, rtol=0)
