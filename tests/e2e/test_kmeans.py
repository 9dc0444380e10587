"""samples/kmeans.py, the K-Means assignment step, against NumPy: float64 and float32,
NaN inputs, ties, one cluster, empty inputs and NumPy's errors."""

import numpy as np
import pytest

import npc_harness

KERNEL = npc_harness.SAMPLES / "kmeans.py"


@pytest.mark.parametrize("n,k,d", [(200, 5, 3), (1, 1, 1), (7, 3, 1), (0, 2, 3), (33, 4, 0)])
def test_float64(kernel, n, k, d):
    rng = np.random.default_rng(n * 100 + k * 10 + d)
    kernel.check(rng.normal(size=(n, d)), rng.normal(size=(k, d)))


@pytest.mark.parametrize("n,k,d", [(150, 4, 2), (5, 1, 3)])
def test_float32(kernel, n, k, d):
    # Labels are ints, compared exactly; random data keeps near-ties (where float32
    # rounding could pick the other cluster) improbable.
    rng = np.random.default_rng(7)
    X = rng.normal(size=(n, d)).astype(np.float32)
    means = rng.normal(size=(k, d)).astype(np.float32)
    kernel.check(X, means)


def test_one_cluster(kernel):
    rng = np.random.default_rng(1)
    out, = kernel.check(rng.normal(size=(50, 4)), rng.normal(size=(1, 4)))
    assert not out.any()


def test_ties_pick_the_first_cluster(kernel):
    # Duplicate centres, and points exactly half-way between two centres.
    X = np.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [3.0, 1.0]])
    means = np.array([[2.0, 0.0], [0.0, 0.0], [2.0, 0.0], [0.0, 0.0], [4.0, 1.0]])
    out, = kernel.check(X, means)
    np.testing.assert_array_equal(out, [1, 0, 0, 4])


def test_nan_point_gets_the_first_cluster(kernel):
    X = np.array([[np.nan, 0.0], [5.0, 5.0], [0.0, np.nan]])
    means = np.array([[9.0, 9.0], [5.0, 5.0]])
    out, = kernel.check(X, means)
    np.testing.assert_array_equal(out, [0, 1, 0])


def test_nan_centre_wins_everywhere(kernel):
    # argmin returns the first NaN: every distance to centre 2 is NaN.
    rng = np.random.default_rng(3)
    means = rng.normal(size=(4, 3))
    means[2, 1] = np.nan
    out, = kernel.check(rng.normal(size=(20, 3)), means)
    assert (out == 2).all()


def test_infinite_distances(kernel):
    X = np.array([[np.inf, 0.0], [0.0, 0.0]])
    means = np.array([[1.0, 1.0], [-1.0, -1.0]])
    kernel.check(X, means)


def test_no_clusters_raises(kernel):
    kernel.check_raises(np.ones((3, 2)), np.ones((0, 2)),
                        match="attempt to get argmin of an empty sequence")


def test_dimension_mismatch_raises(kernel):
    kernel.check_raises(np.ones((3, 2)), np.ones((4, 3)), match="could not be broadcast together")


def test_mixed_dtypes_match_no_overload(kernel):
    r = kernel.run([np.ones((3, 2)), np.ones((2, 2), dtype=np.float32)], 1)
    assert r.returncode == 1
    assert "no overload of kmeans matches" in r.stderr
