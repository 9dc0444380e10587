"""NEP 50 promotion: npc's promote() for every pair of operand types against NumPy 2.x.

Runs the promotion_dump tool (path in $NPC_PROMOTION_DUMP, set by ctest) and compares
each `a b result` line with numpy.result_type and with the dtype numpy.add produces.
"""

import os
import subprocess

import numpy as np
import pytest

STRONG = [
    "bool",
    "int8", "int16", "int32", "int64",
    "uint8", "uint16", "uint32", "uint64",
    "float32", "float64",
    "complex64", "complex128",
]  # fmt: skip
# Python scalars as NumPy sees them: bool is strong, int/float/complex are weak (NEP 50).
PYTHON = {"py:bool": True, "py:int": 1, "py:float": 1.0, "py:complex": 1j}
WEAK = {"py:int", "py:float", "py:complex"}
OPERANDS = STRONG + list(PYTHON)
PAIRS = [(a, b) for a in OPERANDS for b in OPERANDS]


@pytest.fixture(scope="module")
def dump():
    """npc's results as {(a, b): result}, read from the promotion_dump tool."""
    tool = os.environ.get("NPC_PROMOTION_DUMP")
    if not tool:
        pytest.skip("NPC_PROMOTION_DUMP is not set (run through ctest)")
    out = subprocess.run([tool], check=True, capture_output=True, text=True).stdout
    results = {}
    for line in out.splitlines():
        a, b, result = line.split()
        assert (a, b) not in results, f"duplicate pair {a} {b}"
        results[(a, b)] = result
    return results


def numpy_operand(name, as_array):
    """The NumPy-side value for an operand name: a dtype (or a small array) or a Python scalar."""
    if name in PYTHON:
        return PYTHON[name]
    return np.zeros(2, dtype=name) if as_array else np.dtype(name)


def test_dump_covers_every_pair(dump):
    assert sorted(dump) == sorted(PAIRS)


@pytest.mark.parametrize("a,b", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_promotion_matches_numpy(dump, a, b):
    ours = dump[(a, b)]
    weak = ours.startswith("weak:")
    ours = ours.removeprefix("weak:")
    # Only two weak Python scalars give a weak result; NumPy then reports the default
    # dtype of the higher kind (int64, float64, complex128), which is ours.
    assert weak == (a in WEAK and b in WEAK), f"{a} x {b}: weakness of {dump[(a, b)]}"

    expected = np.result_type(numpy_operand(a, False), numpy_operand(b, False))
    assert ours == expected.name, f"{a} x {b}: npc {ours}, numpy.result_type {expected}"

    # The same through a real ufunc call on arrays, as generated code will be compared.
    with np.errstate(all="ignore"):
        computed = np.add(numpy_operand(a, True), numpy_operand(b, True)).dtype
    assert ours == computed.name, f"{a} x {b}: npc {ours}, numpy.add gives {computed}"


def test_float32_constants_beyond_range(kernels):
    """1e300 and -1e39 against float32 arrays are +-inf, as NumPy casts them."""
    k = kernels("float32_inf_constants.py")
    k.check(np.array([1.5, -2.0, 0.0], np.float32), np.array([1.0, -1.0, 0.0], np.float32))
