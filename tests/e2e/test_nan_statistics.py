"""kernels/nan_statistics.py against NumPy on both targets: NaN-ignoring arg-extrema, scans
and variances over arrays with NaNs (nanvar's NaN where a slice has too few values, as
NumPy with its RuntimeWarning); NumPy's ValueError "All-NaN slice encountered"."""

import numpy as np
import pytest

RNG = np.random.default_rng(53)


def case(n, rows, cols, nan_share=0.3):
    x = RNG.normal(size=n)
    m = RNG.normal(size=(rows, cols)).astype(np.float32)
    x[1:][RNG.uniform(size=n - 1) < nan_share] = np.nan  # x[0] stays: no all-NaN x
    m[RNG.uniform(size=(rows, cols)) < nan_share] = np.nan
    m[:, 0] = 1.5  # every row has a value
    m[0, :] = -2.0  # and every column
    return (x, m, RNG.integers(-50, 50, (rows, cols)).astype(np.int16))


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("args", [case(11, 4, 7), case(30, 6, 5, nan_share=0.7),
                                  case(3, 2, 2, nan_share=0.0), case(2, 3, 1)],
                         ids=["general", "mostly-nan", "no-nan", "narrow"])
def test_nan_statistics(kernels_on_both_targets, args):
    kernels_on_both_targets("nan_statistics.py").check(*args)


def test_all_nan_slice(kernels_on_both_targets):
    k = kernels_on_both_targets("nan_statistics.py")
    x, m, i = case(5, 3, 4)
    k.check_raises(np.full(5, np.nan), m, i, match="All-NaN slice encountered")
    m[1:, 2] = np.nan
    m[0, 2] = np.nan
    k.check_raises(x, m, i, match="All-NaN slice encountered")
