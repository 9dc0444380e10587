"""kernels/layouts.py and kernels/composed_ufuncs.py: np.tile, np.repeat, np.diagonal,
np.diag, np.trace, np.ptp, np.average and the ufuncs npc composes (np.logaddexp, ...)
against NumPy on both targets, with empty, one-element and general arrays and NumPy's
errors for weights."""

import numpy as np
import pytest

RNG = np.random.default_rng(20)

LAYOUTS = {
    "general": (RNG.uniform(size=(4, 5)), RNG.uniform(size=6),
                RNG.integers(-128, 128, (3, 4, 5)).astype(np.int8),
                np.array([1, 200, 3, 0, 250], np.uint8)),
    "tall": (RNG.uniform(size=(6, 2)), RNG.uniform(size=3),
             RNG.integers(-128, 128, (5, 1, 2)).astype(np.int8),
             np.array([255, 0, 7, 9, 1, 2], np.uint8)),
    "single": (np.ones((1, 1)), np.ones(1), np.ones((1, 1, 1), np.int8), np.ones(1, np.uint8)),
}


@pytest.mark.parametrize("case", LAYOUTS)
def test_layouts(kernels_on_both_targets, case):
    kernels_on_both_targets("layouts.py").check(*LAYOUTS[case])


def special(dtype):
    return np.array([-8.0, -0.0, 0.0, 1.5, np.inf, -np.inf, np.nan, 27.0, 1e30, -1e-30, 3.0,
                     -2.5], dtype)


COMPOSED = {
    "special": (special(np.float64), special(np.float64)[::-1].copy(), special(np.float32),
                np.arange(-6, 6, dtype=np.int16), np.arange(12, dtype=np.uint16) * 5000,
                np.arange(-6, 6) * 10**15, np.arange(12) % 3 == 0),
    "random": (RNG.normal(size=12) * 50, RNG.normal(size=12) * 50,
               (RNG.normal(size=12) * 50).astype(np.float32),
               RNG.integers(-30000, 30000, 12).astype(np.int16),
               RNG.integers(0, 65536, 12).astype(np.uint16), RNG.integers(-99, 99, 12),
               RNG.integers(0, 2, 12).astype(bool)),
    "empty": (np.zeros(0), np.zeros(0), np.zeros(0, np.float32), np.zeros(0, np.int16),
              np.zeros(0, np.uint16), np.zeros(0, np.int64), np.zeros(0, bool)),
}


@pytest.mark.parametrize("case", COMPOSED)
def test_composed_ufuncs(kernels_on_both_targets, case):
    kernels_on_both_targets("composed_ufuncs.py").check(*COMPOSED[case])


def test_weights_summing_to_zero(kernels_on_both_targets):
    k = kernels_on_both_targets("average_weights.py")
    k.check(np.ones((3, 2)), np.array([2.0, 1.0]))
    k.check_raises(np.ones((3, 2)), np.array([1.0, -1.0]),
                   match="Weights sum to zero, can't be normalized")
    k.check_raises(np.ones((3, 0)), np.zeros(0), match="Weights sum to zero")


def test_weights_of_another_shape(kernels_on_both_targets):
    k = kernels_on_both_targets("average_weights.py")
    k.check_raises(np.ones((3, 2)), np.ones(3),
                   match="Shape of weights must be consistent with shape of a along "
                         "specified axis")
    whole = kernels_on_both_targets("average_whole.py")
    whole.check(np.arange(6.0).reshape(2, 3), np.arange(1.0, 7.0).reshape(2, 3))
    whole.check_raises(np.ones((2, 3)), np.ones((3, 2)),
                       match="Axis must be specified when shapes of a and weights differ")
