"""The CUDA target's host entry points, run on npc's CPU emulation of CUDA
(tests/cuda/emu/nvcc-emu, g++ only: no GPU needed): arguments that share memory are
updated as NumPy updates them, writes made before an IndexError stay in the caller's
array, an index into an empty array raises IndexError, a call after an error works, and
whole-array argmin/argmax (block reductions) keep NumPy's NaN and tie rules.
tests/cuda/host_entry/host_entry_test.cpp makes the calls; NumPy makes the same calls on
the same views here."""

import math
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import npc_harness

ROOT = Path(__file__).resolve().parents[2]
DIR = ROOT / "tests" / "cuda" / "host_entry"
NVCC_EMU = ROOT / "tests" / "cuda" / "emu" / "nvcc-emu"

sys.path.insert(0, str(DIR))
import host_entry  # noqa: E402  (the NumPy reference: the very Python source npc compiles)


def numpy_update_both(n, a_from, b_from, idx):
    x = np.arange(2.0 * n)
    try:
        r = host_entry.update_both(x[a_from:a_from + n], x[b_from:b_from + n],
                                   np.array(idx, np.int64))
        return x, ("result", r)
    except IndexError as e:
        return x, ("error", str(e))


def numpy_gather(v, idx):
    v = np.array(v, np.float64)
    try:
        return v, ("result", host_entry.gather(v, np.array(idx, np.int64)))
    except IndexError as e:
        return v, ("error", str(e))


def numpy_gather_rows(m, idx):
    try:
        return np.zeros(0), ("result", host_entry.gather_rows(m, np.array(idx, np.int64)))
    except IndexError as e:
        return np.zeros(0), ("error", str(e))


def numpy_arg_extremes(n, f, g):
    k = np.arange(n)
    x, i = f(k).astype(np.float64), g(k).astype(np.int32)
    return np.zeros(0), ("result", np.array(host_entry.arg_extremes(x, i)))


def nans(k):
    x = (k % 5).astype(np.float64)
    x[[14001, 18001]] = np.nan
    return x


# The scenarios of host_entry_test.cpp's main, in order.
SCENARIOS = {
    "same_array": lambda: numpy_update_both(6, 0, 0, [1, -1]),
    "overlapping_slices": lambda: numpy_update_both(6, 1, 0, [0]),
    "disjoint_slices": lambda: numpy_update_both(3, 0, 3, [2]),
    "index_error_keeps_writes": lambda: numpy_update_both(6, 0, 0, [9]),
    "after_index_error": lambda: numpy_update_both(6, 1, 0, [2]),
    "gather": lambda: numpy_gather([1.5, 2.5, 3.5], [2, -3, 0]),
    "gather_out_of_bounds": lambda: numpy_gather([1.5, 2.5, 3.5], [3]),
    "gather_from_empty": lambda: numpy_gather([], [0]),
    "gather_after_errors": lambda: numpy_gather([1.5, 2.5], [1]),
    "gather_rows_from_empty": lambda: numpy_gather_rows(np.zeros((0, 10**7)), [0]),
    "arg_ties": lambda: numpy_arg_extremes(20011, lambda k: 0 * k, lambda k: 0 * k),
    "arg_permutation": lambda: numpy_arg_extremes(20011, lambda k: k * 7919 % 20011,
                                                  lambda k: k * 7919 % 20011 % 1000),
    "arg_nans": lambda: numpy_arg_extremes(20011, nans, lambda k: 20011 - k),
    "arg_infinities": lambda: numpy_arg_extremes(
        20011, lambda k: np.where(k % 2 == 1, -np.inf, np.inf),
        lambda k: np.where(k == 19999, 2**31 - 1, -2**31)),
}


@pytest.fixture(scope="module")
def emulated_run(tmp_path_factory, npc_bin):
    """The test program's output lines by scenario name."""
    out = tmp_path_factory.mktemp("cuda_host_entry")
    subprocess.run([str(npc_bin), "transpile", str(DIR / "host_entry.py"), "--target", "cuda",
                    "-o", str(out)], check=True)
    build = [
        [str(NVCC_EMU), "-std=c++20", "-O1", f"-I{out}", "-c", str(out / "host_entry.cu"),
         "-o", str(out / "host_entry.o")],
        [str(NVCC_EMU), "-std=c++20", "-O1", f"-I{out}", "-x", "c++", "-c",
         str(DIR / "host_entry_test.cpp"), "-o", str(out / "test.o")],
        [str(NVCC_EMU), str(out / "host_entry.o"), str(out / "test.o"), "-o", str(out / "test")],
    ]
    for cmd in build:
        r = subprocess.run(cmd, capture_output=True, text=True)
        assert r.returncode == 0, f"{' '.join(cmd)}:\n{r.stdout}{r.stderr}"
    r = subprocess.run([str(out / "test")], capture_output=True, text=True,
                       timeout=npc_harness.RUN_TIMEOUT)
    assert r.returncode == 0, r.stderr
    lines = {}
    for line in r.stdout.splitlines():
        name, rest = line.split(": ", 1)
        lines[name] = rest
    return lines


def parse(line):
    """`x=1,2 result=3` -> (x array, ("result", values)) or (x, ("error", message))."""
    m = re.fullmatch(r"x=(\S*) (result|error)=(.*)", line)
    assert m, line
    x = np.array([float(v) for v in m[1].split(",") if v])
    if m[2] == "error":
        return x, ("error", m[3])
    return x, ("result", np.array([float(v) for v in m[3].split(",")]))


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_host_entry(emulated_run, name):
    want_x, (want_kind, want) = SCENARIOS[name]()
    got_x, (got_kind, got) = parse(emulated_run[name])
    np.testing.assert_allclose(got_x, want_x, rtol=1e-6)  # printed with 6 decimals
    assert got_kind == want_kind, f"npc: {got}; NumPy: {want}"
    if want_kind == "error":
        assert got == want
    else:
        np.testing.assert_allclose(got, np.atleast_1d(want), rtol=1e-12)
        assert not any(math.isnan(v) for v in got)
