"""kernels/pairwise.py: Euclidean distances between rows through 3-D broadcasting."""

import numpy as np
import pytest

KERNEL = "pairwise.py"


@pytest.mark.parametrize("n,m,d", [(5, 4, 3), (1, 1, 1), (0, 2, 3), (3, 2, 0), (20, 30, 8)])
def test_shapes(kernel, n, m, d):
    rng = np.random.default_rng(n * m + d)
    kernel.check(rng.normal(size=(n, d)), rng.normal(size=(m, d)))


def test_self_distance_is_zero(kernel):
    a = np.array([[1.0, 2.0], [3.0, -1.0]])
    dist, = kernel.check(a, a)
    assert (np.diag(dist) == 0).all()


def test_feature_mismatch_raises(kernel):
    kernel.check_raises(np.ones((2, 3)), np.ones((2, 4)), match="could not be broadcast together")
