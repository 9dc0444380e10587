"""kernels/sorting.py: np.sort, np.argsort and np.median against NumPy on both targets:
lines of odd, even, one and no elements, NaNs and infinities, signed zeros, repeated
values (kind='stable' orders them as npc does), bools and uint64 beyond int64.

kernels/lexsort.py: np.lexsort of tuples and lists of keys of several dtypes (NaN keys,
ties broken by the earlier keys), along axis 0 and the last axis, of a 2-D array's rows;
its ValueError for keys of different lengths.

kernels/quantile_arrays.py: np.quantile and np.percentile of lists and arrays of q, q's
dtype as NumPy converts it (integer q, np.float32 q), NaN lines, NumPy's errors.

kernels/long_sorts.py: lines of 127 to 100 003 elements of every sortable dtype (the
OpenMP target radix-sorts a single line of 2048 or more, rows of 128 or more), exactly as
NumPy sorts them.

kernels/sort_fill.py: a.sort() (the last axis, axis=0, a view, the caller's array, NaNs
last) and a.fill(v) (NaN, a float truncated into int8, through a helper, in a loop) in
place, exactly as NumPy."""

import numpy as np
import pytest

RNG = np.random.default_rng(21)


def arguments(x, rows, cols, t_shape, repeats=5):
    return (x, RNG.normal(size=(rows, cols)),
            RNG.integers(-repeats, repeats, (rows + 1, cols)).astype(np.int32),
            RNG.integers(0, 2, x.size).astype(bool),
            np.array([2**64 - 1, 0, 5, 2**63, 7, 2**63 + 1][: max(1, x.size % 7)], np.uint64),
            RNG.normal(size=t_shape).astype(np.float32))


CASES = {
    "odd": arguments(RNG.normal(size=11), 5, 7, (3, 5, 4)),
    "even": arguments(RNG.normal(size=1000), 40, 64, (2, 8, 33), repeats=100),
    "special": (np.array([3.0, np.nan, -0.0, 0.0, -np.inf, np.inf, np.nan, 1.0, 0.0, -0.0]),
                np.array([[1.0, np.nan, 3.0, 0.5], [2.0, 1.0, 0.0, -1.0],
                          [np.nan] * 4, [np.inf, -np.inf, 0.0, -0.0]]),
                np.array([[7, 7, 7], [-2**31, 2**31 - 1, 0]], np.int32),
                np.array([True, False, True, True, False]),
                np.array([2**64 - 1, 2**63, 2**63 - 1, 1], np.uint64),
                np.array([[[np.nan, 1, 2], [0, np.inf, -1]]], np.float32)),
    "single": (np.ones(1), np.ones((1, 1)), np.ones((1, 1), np.int32), np.ones(1, bool),
               np.ones(1, np.uint64), np.ones((1, 1, 1), np.float32)),
}


@pytest.mark.parametrize("case", CASES)
def test_sorting(kernels_on_both_targets, case):
    kernels_on_both_targets("sorting.py").check(*CASES[case])


def test_empty_lines(kernels_on_both_targets):
    """Empty arrays sort to empty arrays; their medians are NaN, as NumPy's (which warns)."""
    k = kernels_on_both_targets("sorting.py")
    k.check(np.zeros(0), np.zeros((0, 3)), np.zeros((1, 0), np.int32), np.zeros(0, bool),
            np.zeros(1, np.uint64), np.zeros((2, 0, 3), np.float32))


QUANTILES = {
    "general": (RNG.normal(size=11), RNG.normal(size=(4, 7)).astype(np.float32),
                np.array([100, -100, 5, 127, -128], np.int8)),
    "nan": (np.array([1.0, np.nan, 3.0]),
            np.array([[1, 2, np.nan], [4, 5, 6]], np.float32), np.array([100], np.int8)),
    "single": (np.ones(1), np.ones((1, 1), np.float32), np.ones(1, np.int8)),
    "long": (RNG.normal(size=3001), RNG.normal(size=(300, 700)).astype(np.float32),
             RNG.integers(-128, 128, 5000).astype(np.int8)),
}


@pytest.mark.parametrize("q", [0.0, 0.37, 0.5, 0.9999, 1.0])
@pytest.mark.parametrize("case", QUANTILES)
def test_quantiles(kernels_on_both_targets, case, q):
    kernels_on_both_targets("quantiles.py").check(*QUANTILES[case], q)


def quantile_arrays(n, seed, qs=None):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=n)
    m = rng.normal(size=(3, max(n, 1))).astype(np.float32)
    if n > 2:
        x[1] = np.nan if seed % 2 else x[1]
        m[1, 0] = np.nan
    return (x, m, rng.integers(-128, 128, n).astype(np.int8),
            rng.uniform(size=4) if qs is None else qs, rng.uniform(size=(2, 3)).astype(np.float32),
            np.float32(0.7), rng.integers(0, 2, 3))


@pytest.mark.parametrize("n,seed", [(1, 0), (7, 1), (8, 2), (300, 3)])
def test_quantile_arrays(kernels_on_both_targets, n, seed):
    kernels_on_both_targets("quantile_arrays.py").check(*quantile_arrays(n, seed))


def test_quantile_array_errors(kernels_on_both_targets):
    """NumPy's ValueError for an array of q with one outside [0, 1] (NaN too), and its
    IndexError for an empty line."""
    k = kernels_on_both_targets("quantile_arrays.py")
    for qs in (np.array([0.5, 1.5]), np.array([np.nan]), np.array([-0.1, 0.2])):
        k.check_like_numpy(*quantile_arrays(5, 4, qs))
    k.check_like_numpy(*quantile_arrays(0, 5))


def test_quantile_errors(kernels_on_both_targets):
    """NumPy's ValueError for q outside [0, 1] (known at run time) and its IndexError for
    an empty line."""
    k = kernels_on_both_targets("quantiles.py")
    k.check_raises(*QUANTILES["general"], 1.5, match="Quantiles must be in the range [0, 1]")
    k.check_raises(*QUANTILES["general"], np.nan, match="Quantiles must be in the range")
    k.check_raises(np.zeros(0), *QUANTILES["general"][1:], 0.5,
                   match="index -1 is out of bounds for axis 0 with size 0")


@pytest.mark.parametrize("n", [0, 1, 5, 8])
def test_stores_indexed_by_sorts_and_scans(kernels_on_both_targets, n):
    """kernels/sorted_scatter.py: `ranks[np.argsort(x)] = np.arange(n)`, a store indexed by
    a cumsum, and by a reversed argsort, and `placed[np.argsort(x)] = x` (were internal
    errors: the sort in a store's index was not given a stage of its own)."""
    rng = np.random.default_rng(n)
    kernels_on_both_targets("sorted_scatter.py").check(rng.permutation(n) * 1.5 - 2,
                                                       rng.integers(0, 4, n))


@pytest.mark.parametrize("rows,cols,n,seed", [(4, 5, 9, 0), (1, 1, 0, 1), (3, 2, 1, 2),
                                               (300, 200, 3000, 3)])
def test_sort_fill_in_place(kernels_on_both_targets, rows, cols, n, seed):
    rng = np.random.default_rng(seed)
    kernels_on_both_targets("sort_fill.py").check(
        rng.normal(size=(rows, cols)), rng.integers(-9, 9, n + 2).astype(np.int8),
        rng.normal(size=n), rtol=0)


def lexsort_arguments(n, seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 3, n).astype(float)
    a[rng.random(n) < 0.2] = np.nan
    return (a, rng.integers(0, 3, n).astype(np.int32), rng.integers(0, 2, n).astype(bool),
            rng.integers(0, 3, (4, 5)).astype(np.float32), rng.integers(-2, 2, (2, n)))


@pytest.mark.parametrize("n,seed", [(9, 0), (1, 1), (0, 2), (1000, 3), (5000, 6)])
def test_lexsort(kernels_on_both_targets, n, seed):
    kernels_on_both_targets("lexsort.py").check(*lexsort_arguments(n, seed), rtol=0)


def test_lexsort_shapes(kernels_on_both_targets):
    a, b, c, m, k = lexsort_arguments(9, 4)
    kernels_on_both_targets("lexsort.py").check_like_numpy(a, b[:8], c, m, k, raises=ValueError)


def long_lines(n, seed):
    """Arguments of kernels/long_sorts.py with lines of `n` elements: few distinct values
    (long runs of equal keys) in half the cases, NaNs of both signs, infinities, signed zeros
    and every integer dtype's limits."""
    rng = np.random.default_rng(seed)
    few = seed % 2 == 0
    d = rng.integers(-4, 4, n) * 0.5 if few else rng.normal(size=n) * 1e3
    special = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 5e-324, -5e-324])
    d[rng.integers(0, n, n // 10)] = rng.choice(special, n // 10)

    def ints(dtype):
        info = np.iinfo(dtype)
        v = (rng.integers(-3, 3, n) if few and info.min < 0 else rng.integers(0, 5, n) if few
             else rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True))
        v = v.astype(dtype)
        v[rng.integers(0, n, 4)] = [info.min, info.max, info.min, info.max]
        return v

    return (d, d.astype(np.float32), ints(np.int64), ints(np.int32), ints(np.int16),
            ints(np.int8), ints(np.uint64), ints(np.uint8), rng.integers(0, 2, n).astype(bool),
            np.where(np.isnan(d), 1.0, d).reshape(1, n).repeat(2, axis=0))


@pytest.mark.parametrize("n,seed", [(127, 6), (128, 7), (2047, 0), (2048, 1), (2049, 2),
                                    (5000, 3), (100_003, 4), (100_003, 5)])
def test_long_lines(kernels_on_both_targets, n, seed):
    """Lines at and beyond the lengths where the OpenMP target switches to a radix sort
    (kernels/long_sorts.py: 128 for rows, 2048 for a single line), exactly NumPy's results
    (positions of equal keys in order)."""
    kernels_on_both_targets("long_sorts.py").check(*long_lines(n, seed), rtol=0)
