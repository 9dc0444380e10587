"""kernels/bincount.py and kernels/kmeans_update.py: np.bincount with and without weights
(float64 sums in x's order, so bit for bit NumPy's), minlength (literal or run-time),
bool and unsigned x, x computed from a reduction (a K-Means update step), and NumPy's
ValueErrors (negative elements, negative minlength, weights of another length) compared
by message."""

import numpy as np
import pytest


def arguments(n, m, seed):
    rng = np.random.default_rng(seed)
    return (rng.integers(0, 9, n).astype(np.int32), rng.normal(size=n).astype(np.float32), m,
            rng.integers(0, 6, n).astype(np.uint8))


@pytest.mark.parametrize("n,m,seed", [(7, 3, 0), (1, 0, 1), (50, 80, 4)])
def test_bincount(kernels_on_both_targets, n, m, seed):
    kernels_on_both_targets("bincount.py").check(*arguments(n, m, seed), rtol=0)


@pytest.mark.parametrize("m", [4, 0])
def test_bincount_of_nothing(kernels_on_both_targets, m):
    """An empty x gives minlength zeros. With weights NumPy makes them int64 (its early
    return for an empty x), npc float64 like every weighted result: the one difference
    (README, "Differences from NumPy")."""
    k = kernels_on_both_targets("bincount.py")
    args = arguments(0, m, 3)
    expected = k.numpy(*args)
    r = k.run(args, len(expected))
    assert r.returncode == 0, r.stderr
    weighted = {1, 4, 6}
    for i, (got, want) in enumerate(zip(r.outputs, expected)):
        assert got.dtype == (np.float64 if i in weighted else want.dtype), f"result {i}"
        assert got.shape == want.shape and (got == want).all(), f"result {i}"


@pytest.mark.parametrize("case", ["negative", "minlength", "weights"])
def test_bincount_errors(kernels_on_both_targets, case):
    x = np.array([1, -2, 3] if case == "negative" else [1, 2, 3], np.int32)
    w = np.ones(4 if case == "weights" else 3, np.float32)
    m = -1 if case == "minlength" else 2
    kernels_on_both_targets("bincount.py").check_like_numpy(x, w, m, np.arange(3, dtype=np.uint8),
                                                            raises=ValueError)


@pytest.mark.parametrize("n,k,d", [(200, 5, 3), (3, 4, 2), (0, 2, 2)])
def test_kmeans_update(kernels_on_both_targets, n, k, d):
    rng = np.random.default_rng(n + k)
    X = rng.normal(size=(n, d))
    means = X[:k].copy() if n >= k else rng.normal(size=(k, d))
    kernels_on_both_targets("kmeans_update.py").check(X, means, rtol=0)
