"""kernels/norm_orders.py: np.linalg.norm with ord (vector None/1/2/3/inf/-inf/0, matrix
Frobenius/1/-1/inf/-inf), axis ints and 2-tuples in either order, keepdims; NumPy's
ValueError for the max/min of an empty axis; unsupported ords are located errors."""

import re
import textwrap

import numpy as np
import pytest

import npc_harness

KERNEL = "norm_orders.py"


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32])
@pytest.mark.parametrize("shape", [(3, 4), (1, 1), (5, 2)])
def test_random(kernel, dtype, shape):
    rng = np.random.default_rng(shape[0] * 3 + shape[1])
    x = rng.normal(size=shape) * 4
    results = kernel.check(x.astype(dtype), rtol={np.float32: 1e-5}.get(dtype))
    assert all(r.dtype == (np.float32 if dtype == np.float32 else np.float64) for r in results)


def test_zeros_and_infinities(kernel):
    x = np.array([[0.0, -np.inf, 2.0], [0.0, 1.0, -3.0]])
    kernel.check(x)


def test_empty_raises(kernel):
    kernel.check_raises(np.ones((0, 3)), match="zero-size array to reduction operation")


@pytest.mark.parametrize("ord_, words, rank", [
    ("2", "singular values", 2), ("'nuc'", "singular values", 2),
    ("3", "Invalid norm order for matrices", 2),
    ("'fro'", "Invalid norm order 'fro' for vectors", 1),
    ("'nuc'", "Invalid norm order 'nuc' for vectors", 1)])
def test_unsupported_matrix_orders(tmp_path, ord_, words, rank):
    if "Invalid" in words:  # NumPy's message
        with pytest.raises(ValueError, match=re.escape(words)):
            np.linalg.norm(np.ones((2,) * rank), ord=eval(ord_))
    src = tmp_path / "k.py"
    src.write_text(textwrap.dedent(f"""\
        import numpy as np

        # npc export k(float64[{', '.join(':' * rank)}])
        def k(x):
            return np.linalg.norm(x, ord={ord_}, axis={rank - 1 if rank == 1 else None})
        """))
    p = npc_harness.run_npc("transpile", src, "-o", tmp_path / "out")
    assert p.returncode == 1 and f"k.py:5:" in p.stderr and words in p.stderr, p.stderr
