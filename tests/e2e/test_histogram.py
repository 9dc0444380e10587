"""kernels/histogram.py: np.histogram without weights, exact against NumPy: equal bins
(NumPy's fast path: each element's bin from its offset, then one correction each way
against the edges, which np.linspace computes as NumPy does), float32 data keeping
float32 edges, integer data, a literal or run-time number of bins, a range (elements
outside it not counted), density, bins given as edges (searches of the sorted data); empty
and constant data; NumPy's ValueErrors."""

import numpy as np
import pytest


def arguments(x, seed, bins=6):
    rng = np.random.default_rng(seed)
    return (np.asarray(x, np.float64), rng.uniform(size=(5, 6)).astype(np.float32),
            rng.integers(-5, 9, 40).astype(np.int32), bins)


@pytest.mark.parametrize("case", ["normal", "wide", "empty", "constant", "one"])
def test_histogram(kernels_on_both_targets, case):
    rng = np.random.default_rng(7)
    x = {"normal": rng.normal(size=300), "wide": rng.normal(size=50) * 1e6,
         "empty": [], "constant": [2.5, 2.5, 2.5], "one": [-0.25]}[case]
    kernels_on_both_targets("histogram.py").check(*arguments(x, 3, 1 if case == "one" else 6),
                                                  rtol=0)


def test_histogram_constant_integers(kernels_on_both_targets):
    x, y, k, n = arguments([0.5, 1.5], 4)
    kernels_on_both_targets("histogram.py").check(x, np.full((2, 3), 0.25, np.float32),
                                                  np.full(5, 7, np.int32), n, rtol=0)


@pytest.mark.parametrize("case", ["zero_bins", "too_many_bins"])
def test_histogram_errors(kernels_on_both_targets, case):
    x = [0.0, 5e-324] if case == "too_many_bins" else [1.0, 2.0]
    args = arguments(x, 5, 0 if case == "zero_bins" else 6)
    k = kernels_on_both_targets("histogram.py")
    with pytest.raises(ValueError) as e:
        k.numpy(*args)
    k.check_raises(*args, match=str(e.value))


def test_histogram_not_finite(kernels_on_both_targets):
    """NumPy's message shows the range's values ([nan, nan]); npc's names them (README)."""
    args = arguments([1.0, np.nan], 6)
    k = kernels_on_both_targets("histogram.py")
    with pytest.raises(ValueError, match=r"autodetected range of \[nan, nan\] is not finite"):
        k.numpy(*args)
    r = k.run(args)
    assert r.returncode == 1, r.stderr
    assert "error: autodetected range of [a.min(), a.max()] is not finite" in r.stderr


def test_histogram_integer_range(kernels_on_both_targets):
    """A Python int range keeps or drops int64 and uint64 data by exact comparisons, as
    NumPy compares them (in float64, 2**60 - 1 would round into the range)."""
    kernels_on_both_targets("histogram_int_range.py").check(
        np.array([2**60 - 1, 2**61 + 1, 2**60 + 5]),
        np.array([2**62 - 1, 2**62 + 2**40 + 1, 2**62 + 3], np.uint64), rtol=0)


def bin_edges_arguments(x, bins=6, edges=(-1.0, 0.0, 0.5, 2.0)):
    rng = np.random.default_rng(11)
    return (np.asarray(x, np.float64), rng.uniform(size=(5, 6)).astype(np.float32),
            rng.integers(-5, 9, 40).astype(np.int32), bins, np.asarray(edges, np.float64))


@pytest.mark.parametrize("case", ["normal", "empty", "constant"])
def test_histogram_bin_edges(kernels_on_both_targets, case):
    """np.histogram_bin_edges gives np.histogram's edges, exactly."""
    rng = np.random.default_rng(8)
    x = {"normal": rng.normal(size=100), "empty": [], "constant": [2.5, 2.5]}[case]
    kernels_on_both_targets("histogram_bin_edges.py").check(*bin_edges_arguments(x), rtol=0)


@pytest.mark.parametrize("case", ["zero_bins", "too_many_bins", "decreasing_edges"])
def test_histogram_bin_edges_errors(kernels_on_both_targets, case):
    x = [0.0, 5e-324] if case == "too_many_bins" else [1.0, 2.0]
    args = bin_edges_arguments(x, 0 if case == "zero_bins" else 6,
                               (0.0, 2.0, 1.0) if case == "decreasing_edges" else (0.0, 1.0))
    k = kernels_on_both_targets("histogram_bin_edges.py")
    with pytest.raises(ValueError) as e:
        k.numpy(*args)
    k.check_raises(*args, match=str(e.value))
