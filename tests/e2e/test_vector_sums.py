"""kernels/vector_sums.py: 1-D sums below, at and across whole chunks (2048 elements) and
lane blocks (8), on 1 and 3 OpenMP threads, and with inf and NaN in the chunks and in the
serial rest. Positive values make the relative tolerance (the harness's RTOL: 1e-12
float64, 1e-5 float32) meaningful; the order of additions differs from NumPy's pairwise
sums."""

import numpy as np
import pytest

KERNEL = "vector_sums.py"


@pytest.mark.parametrize("threads", [1, 3])
@pytest.mark.parametrize("n", [0, 1, 15, 2047, 2048, 2049, 3 * 2048 + 7, 100_003])
def test_vector_sums(kernel, n, threads):
    rng = np.random.default_rng(n)
    kernel.check(rng.uniform(0.5, 1.5, n), rng.uniform(0.5, 1.5, n).astype(np.float32),
                 threads=threads)


@pytest.mark.parametrize("specials", [[(5, np.inf)], [(4100, np.inf), (9, -np.inf)],
                                      [(3000, np.nan)], [(6150, np.inf)], [(6151, np.nan)]])
def test_vector_sums_specials(kernel, specials):
    """inf and NaN inside a chunk (5, 9, 3000, 4100) and after the last one (6150, 6151 of
    6152 elements)."""
    x = np.random.default_rng(0).uniform(0.5, 1.5, 6152)
    for i, v in specials:
        x[i] = v
    kernel.check(x, x.astype(np.float32), threads=2)
