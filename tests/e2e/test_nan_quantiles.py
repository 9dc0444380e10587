"""kernels/nan_quantiles.py against NumPy on both targets: np.nanmedian, np.nanquantile and
np.nanpercentile of lines holding NaNs, lines of NaNs only (NaN, as NumPy gives with its
RuntimeWarning), odd and even counts, one and no value, q at the ends; NumPy's ValueError
for q outside [0, 1]."""

import numpy as np
import pytest

RNG = np.random.default_rng(47)


def case(n, rows, cols, q=0.3, nan_share=0.3, qs=None):
    x = RNG.normal(size=n)
    m = RNG.normal(size=(rows, cols)).astype(np.float32)
    x[RNG.uniform(size=n) < nan_share] = np.nan
    m[RNG.uniform(size=(rows, cols)) < nan_share] = np.nan
    if rows > 1 and cols > 0:
        m[1, :] = np.nan  # a row of NaNs only
    if cols > 1 and rows > 0:
        # And a column, not the first: NumPy's apply_along_axis takes the result dtype of
        # the first line, float32 for one of NaNs only, float64 of a float64 q otherwise
        # (npc's is always the latter; see the README).
        m[:, -1] = np.nan
    return (x, m, RNG.integers(-50, 50, (rows, cols)).astype(np.int32),
            RNG.uniform(size=3) if qs is None else qs, q)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("args", [case(11, 4, 7), case(10, 5, 6, q=0.5, nan_share=0.6),
                                  case(1, 1, 1, q=1.0, nan_share=0.0), case(40, 3, 40, q=0.0), case(3000, 3, 300, q=0.7),
                                  case(5, 2, 2, q=0.99, nan_share=0.0)],
                         ids=["general", "mostly-nan", "single", "long", "radix", "no-nan"])
def test_nan_quantiles(kernels_on_both_targets, args):
    kernels_on_both_targets("nan_quantiles.py").check(*args)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_nan_quantile_range(kernels_on_both_targets):
    k = kernels_on_both_targets("nan_quantiles.py")
    k.check_like_numpy(*case(6, 2, 3, q=1.5))
    k.check_like_numpy(*case(6, 2, 3, qs=np.array([0.2, -0.1])))
