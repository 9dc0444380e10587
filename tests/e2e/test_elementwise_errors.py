"""Located errors of elementwise functions NumPy rejects or npc does not support:
float16 results, bitwise ops on floats, np.sign of bool, np.round with decimals."""

import pytest

from test_diagnostics import check_located, transpile_bad, write_source

CASES = [
    ("sin-int8", "np.sin(k)", "float16", "np.sin"),
    ("arctan2-uint8", "np.arctan2(k, k)", "float16", "np.arctan2"),
    ("invert-float", "~x", "invert", "~x"),
    ("and-float", "x & k", "bitwise_and", "x & k"),
    ("shift-float", "np.left_shift(x, 1)", "left_shift", "np.left_shift"),
    ("sign-bool", "np.sign(x > 0)", "bool", "np.sign"),
    ("round-decimals", "np.round(x, x.shape[0])", "decimals as an int literal", "x.shape[0])"),
    ("where-one-argument", "np.where(x)", "one argument", "np.where"),
    ("bool-subtract", "(x > 0) - (x < 0)", "boolean subtract", "(x > 0) -"),
    ("python-and", "(x > 0) and (x < 1)", "np.logical_and", "(x > 0) and"),
    ("chained-array-compare", "0 < x < 1", "truth value", "0 < x < 1"),
]


@pytest.mark.parametrize("name,expr,words,token", CASES, ids=[c[0] for c in CASES])
def test_elementwise_error(tmp_path, name, expr, words, token):
    body = f"""
        # npc export f(float64[:], int8[:])
        def f(x, k):
            return {expr}
        """
    path = write_source(tmp_path, name, body)
    p = transpile_bad(tmp_path, path)
    msg = check_located(p.stderr, path, 5, token)
    assert words in msg, f"message {msg!r} lacks {words!r}"
