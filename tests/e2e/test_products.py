"""kernels/products.py, products_mixed.py, matmul_check.py: np.dot, np.matmul, `@` and
ndarray.dot for vector.vector, matrix.vector, vector.matrix and matrix.matrix, with NEP 50
promotion; mismatched shared extents: a located compile-time error for constants,
NumPy's ValueError at run time otherwise. kernels/bool_dot.py: bool dot products on several
threads."""

import textwrap

import numpy as np
import pytest

import npc_harness

KERNEL = "products.py"


def operands(dtype, n, k, m, seed=0):
    rng = np.random.default_rng(seed)
    draw = (lambda s: rng.integers(0, 2, size=s)) if dtype == np.bool_ else \
        (lambda s: rng.integers(-3, 4, size=s))
    return [draw(s).astype(dtype) for s in [(n, k), (k, m), (k,), (m,)]]


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int8, np.bool_])
@pytest.mark.parametrize("nkm", [(2, 3, 4), (1, 1, 1), (5, 1, 3), (7, 6, 5), (3, 0, 2)])
def test_shapes(kernel, dtype, nkm):
    kernel.check(*operands(dtype, *nkm))


def test_float_values(kernel):
    rng = np.random.default_rng(4)
    a, b, u, v = (rng.normal(size=s) for s in [(20, 30), (30, 10), (30,), (10,)])
    kernel.check(a, b, u, v)


def test_mixed_promotion(kernels):
    k = kernels("products_mixed.py")
    rng = np.random.default_rng(1)
    results = k.check(rng.integers(-5, 5, size=(4, 3)).astype(np.int32),
                      rng.normal(size=3).astype(np.float32),
                      rng.normal(size=(3, 3)).astype(np.float32), rtol=1e-5)
    assert [r.dtype for r in results] == [np.float64, np.float32, np.float64, np.float32,
                                          np.float64]


def test_runtime_mismatch(kernels):
    k = kernels("matmul_check.py")
    k.check(np.ones((2, 3)), np.ones((3, 4)), np.ones(4))
    k.check_raises(np.ones((2, 3)), np.ones((4, 5)), np.ones(5),
                   match="matmul: Input operand 1 has a mismatch in its core dimension 0")
    k.check_raises(np.ones((2, 3)), np.ones((3, 4)), np.ones(5), match="not aligned")


@pytest.mark.parametrize("expr, words, column", [
    ("a @ b", "matmul: Input operand 1 has a mismatch in its core dimension 0", "a @ b"),
    ("np.dot(a, b)", "shapes (2,3) and (4,5) not aligned: 3 (dim 1) != 4 (dim 0)", "np.dot"),
    ("a.dot(b[0])", "shapes (2,3) and (5,) not aligned", "a.dot"),
])
def test_constant_mismatch(tmp_path, expr, words, column):
    line = f"    return {expr}"
    src = tmp_path / "k.py"
    src.write_text(textwrap.dedent(f"""\
        import numpy as np

        # npc export k(float64[2,3], float64[4,5])
        def k(a, b):
        """) + line + "\n")
    p = npc_harness.run_npc("transpile", src, "-o", tmp_path / "out")
    assert p.returncode == 1, p.stderr
    assert f"k.py:5:{line.index(column) + 1}: error: {words}" in p.stderr, p.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("threads", [1, 3, 7])
@pytest.mark.parametrize("fill", [True, False, None])
def test_bool_dot_on_threads(kernels, threads, fill):
    rng = np.random.default_rng(threads)
    u = np.full(1000, fill) if fill is not None else rng.random(1000) < 0.001
    m = np.ones((1000, 3), bool)
    kernels("bool_dot.py").check(u, m, threads=threads)
