"""kernels/outer.py: broadcasting through None / np.newaxis, and reductions of arrays with
added size-1 axes."""

import numpy as np
import pytest

KERNEL = "outer.py"


@pytest.mark.parametrize("n,m", [(5, 3), (1, 4), (1, 1), (0, 2), (3, 0), (19, 11), (20, 1)])
def test_outer(kernel, n, m):
    rng = np.random.default_rng(n + 10 * m)
    # a in [0.5, 2): its sums cannot cancel, so rtol holds for them too.
    kernel.check(rng.uniform(0.5, 2, n), rng.normal(size=m))


def test_integer_valued(kernel):
    kernel.check(np.arange(4.0), np.arange(3.0) - 1)
