"""Array creation against NumPy 2.x: kernels/creation_fill.py (zeros ones empty full and
the _like forms), creation_ranges.py (arange), creation_linspace.py, creation_eye.py
(eye, identity) and creation_literal.py (np.array / np.asarray of literal lists). Each
result's dtype is NumPy's exactly; run-time sizes come from int arguments."""

import numpy as np
import pytest

import npc_harness


@pytest.mark.parametrize("n", [0, 1, 5])
def test_fill(kernels, n):
    x = np.arange(12, dtype=np.float32).reshape(4, 3) - 2.5
    results = kernels("creation_fill.py").check(x, n)
    assert [r.dtype for r in results] == [
        np.float64, np.int32, np.int16, np.float64, np.int64, np.bool_, np.float64,
        np.float32, np.uint8, np.int64, np.float32, np.float64, np.int8, np.float64, np.float64]


def test_fill_negative_size(kernels):
    x = np.ones((2, 2), np.float32)
    kernels("creation_fill.py").check_raises(x, -1, match="negative dimensions are not allowed")


@pytest.mark.parametrize("n,t", [(0, 0.0), (1, 0.1), (6, 2.3), (7, -1.0), (-2, 1e-3)])
def test_arange(kernels, n, t):
    kernels("creation_ranges.py").check(n, t)


def test_arange_values_are_numpys_bitwise(kernels):
    # first + i * ((start + step) - start), as NumPy's fill loop computes them.
    k = kernels("creation_ranges.py")
    got, want = k.check(3, 7.75), k.numpy(3, 7.75)
    for i in (3, 7, 10):
        npc_harness.assert_same(got[i], want[i], rtol=0, what=f"result {i}")


@pytest.mark.parametrize("stop,n", [(1.0, 0), (1.0, 1), (3.5, 2), (-7.25, 10), (0.1, 101)])
def test_linspace(kernels, stop, n):
    k = kernels("creation_linspace.py")
    got, want = k.check(stop, n), k.numpy(stop, n)
    for r, w in zip(got, want):
        npc_harness.assert_same(r, w, rtol=0)  # NumPy's formula, bit for bit


def test_linspace_negative_num(kernels):
    # NumPy's message shows the value the run time gives num.
    kernels("creation_linspace.py").check_raises(
        1.0, -7, match="Number of samples, -7, must be non-negative.")


@pytest.mark.parametrize("n", [0, 1, 2, 4])
def test_eye(kernels, n):
    results = kernels("creation_eye.py").check(n)
    assert [r.dtype for r in results] == [np.float64, np.float64, np.int8, np.float64,
                                          np.float64, np.bool_, np.float64]


def test_eye_negative_size(kernels):
    kernels("creation_eye.py").check_raises(-3, match="negative dimensions are not allowed")


@pytest.mark.parametrize("n", [0, -7, 100])
def test_literal(kernels, n):
    x = np.array([1.5, -2.0, np.nan, 4.25])
    results = kernels("creation_literal.py").check(x, n)
    assert [r.dtype for r in results] == [
        np.int64, np.float64, np.float32, np.float64, np.bool_, np.float64, np.float64,
        np.int64, np.float64, np.float64, np.int8, np.float64]


@pytest.mark.parametrize("size,n", [(3, 3), (1, 5), (2, 2), (1, 1)])
def test_fill_arrays_of_run_time_length(kernels_on_both_targets, size, n):
    kernels_on_both_targets("full_fill_arrays.py").check(np.arange(1.0, size + 1), n)


def test_fill_array_that_does_not_broadcast(kernels_on_both_targets):
    kernels_on_both_targets("full_fill_arrays.py").check_raises(
        np.arange(3.0), 4, match="could not broadcast input array from shape")
