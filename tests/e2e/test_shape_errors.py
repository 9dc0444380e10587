"""Located compile-time errors of the shape functions, with NumPy's wording where NumPy
raises: element counts that differ in a reshape, squeezing an axis longer than 1, bad
transpose axes, len() of a 0-d value, joins of mismatched ranks or extents, broadcast_to
an incompatible shape, and the variants npc does not support."""

import pytest

from test_diagnostics import check_located, transpile_bad, write_source

CASES = [
    ("reshape-count", "x6.reshape(4, 5)", "cannot reshape array of size 6 into shape (4,5)",
     "x6.reshape"),
    ("reshape-unknown-count", "np.reshape(x6, (4, -1))",
     "cannot reshape array of size 6 into shape (4,newaxis)", "np.reshape"),
    ("reshape-two-unknowns", "x6.reshape(-1, -1)", "can only specify one unknown dimension",
     "-1)"),
    ("reshape-order-f", "x6.reshape(2, 3, order='F')", "order='C'", "'F'"),
    ("reshape-float-extent", "x6.reshape(s)", "must be an integer", "s)"),
    ("squeeze-long-axis", "np.squeeze(m, axis=0)",
     "cannot select an axis to squeeze out which has size not equal to one", "0)"),
    ("transpose-repeated", "np.transpose(m, (0, 0))", "repeated axis in transpose", "0))"),
    ("transpose-short", "np.transpose(m, (0,))", "axes don't match array", "(0,)"),
    ("transpose-axis-range", "m.transpose(0, 2)",
     "axis 2 is out of bounds for array of dimension 2", "2)"),
    ("moveaxis-range", "np.moveaxis(m, 0, 5)",
     "destination: axis 5 is out of bounds for array of dimension 2", "5)"),
    ("expand-dims-range", "np.expand_dims(x6, 3)",
     "axis 3 is out of bounds for array of dimension 2", "3)"),
    ("len-scalar", "len(s)", "len() of unsized object", "s)"),
    ("shape-index-range", "m.shape[2]", "tuple index out of range", "2]"),
    ("concatenate-extents", "np.concatenate((m, m3))",
     "along dimension 1, the array at index 0 has size 3 and the array at index 1 has size 4",
     "np.concatenate"),
    ("concatenate-ranks", "np.concatenate((m, x6))",
     "all the input arrays must have same number of dimensions", "np.concatenate"),
    ("concatenate-empty", "np.concatenate(())", "need at least one array", "()"),
    ("concatenate-scalars", "np.concatenate((s, s))",
     "zero-dimensional arrays cannot be concatenated", "np.concatenate"),
    ("stack-shapes", "np.stack((x6, m[0]))", "all input arrays must have the same shape",
     "np.stack"),
    ("broadcast-to", "np.broadcast_to(x6, (4, 2))",
     "operands could not be broadcast together with remapped shapes [original->remapped]: "
     "(6,)  and requested shape (4,2)", "np.broadcast_to"),
    ("broadcast-to-rank", "np.broadcast_to(m, (3,))",
     "input operand has more dimensions than allowed", "(3,)"),
    ("broadcast-to-negative", "np.broadcast_to(x6, (-1, 6))",
     "all elements of broadcast shape must be non-negative", "-1"),
]


@pytest.mark.parametrize("name,expr,words,token", CASES, ids=[c[0] for c in CASES])
def test_shape_error(tmp_path, name, expr, words, token):
    body = f"""
        # npc export f(float64[6], float64[2,3], float64[2,4], float64)
        def f(x6, m, m3, s):
            return {expr}
        """
    path = write_source(tmp_path, name, body)
    p = transpile_bad(tmp_path, path)
    msg = check_located(p.stderr, path, 5, token)
    assert words in msg, f"message {msg!r} lacks {words!r}"


@pytest.mark.parametrize("view", ["m.T", "m.reshape(-1)", "np.broadcast_to(x6, (2, 6))",
                                  "np.transpose(m)[0]"])
def test_write_through_a_shape_view_is_an_error(tmp_path, view):
    # NumPy would write into `m` (or refuse: broadcast views are read-only); npc stores only
    # through basic indexing, so it says so instead of writing into a copy.
    body = f"""
        # npc export f(float64[6], float64[2,3])
        def f(x6, m):
            y = {view}
            y[0] = 1.0
            return m
        """
    path = write_source(tmp_path, "write_view", body)
    p = transpile_bad(tmp_path, path)
    msg = check_located(p.stderr, path, 6, "y[0] = 1.0")
    assert "npc cannot write into 'y'" in msg and ".copy()" in msg
