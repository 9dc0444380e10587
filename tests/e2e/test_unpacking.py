"""kernels/unpacking.py, kernels/unpack_rows.py: tuple targets take an array's elements
along axis 0 (`dx, dy = p[i] - p[i - 1]`)."""

import numpy as np
import pytest

KERNEL = "unpacking.py"


@pytest.mark.parametrize("n", [0, 1, 2, 50])
def test_path_length(kernel, n):
    kernel.check(np.random.default_rng(n).normal(size=(n, 2)))


def test_rows(kernels):
    kernels("unpack_rows.py").check(np.random.default_rng(1).normal(size=(3, 5)).astype(np.float32))


@pytest.mark.parametrize("n", [2, 4])
def test_rows_wrong_count_raises(kernels, n):
    # NumPy: "too many values to unpack (expected 3)" / "not enough values to unpack
    # (expected 3, got 2)"; npc names the count it needs the same way.
    kernels("unpack_rows.py").check_raises(np.ones((n, 5), np.float32),
                                           match="values to unpack (expected 3")
