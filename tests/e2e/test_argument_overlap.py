"""Arguments that share memory (`f(x[1:], x[:-1])`): a statement that writes one argument
and reads another reads the other as it was before the statement, as NumPy does (it
copies an input that overlaps the output). tests/e2e/overlap/overlap_test.cpp makes the
calls on views of one buffer, built for the OpenMP target with g++ and for the CUDA target
with the CPU emulation (tests/cuda/emu/nvcc-emu); NumPy makes the same calls on the same
views here. Values are compared exactly (copies and sums of small integers)."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import npc_harness

DIR = Path(__file__).resolve().parent / "overlap"

sys.path.insert(0, str(DIR))
import overlap  # noqa: E402  (the NumPy reference: the very Python source npc compiles)


def copy_into(n, a_from, b_from, step):
    x = np.arange(2.0 * n)
    b = x[b_from:b_from + n] if step == 1 else x[b_from::-1][:n]
    r = overlap.copy_into(x[a_from:a_from + n], b)
    return x, r


def add_into(n, a_from, b_from):
    x = np.arange(2.0 * n)
    overlap.add_into(x[a_from:a_from + n], x[b_from:b_from + n])
    return x, 0.0


def shadowed(n, a_from, b_from):
    x = np.arange(2.0 * n)
    overlap.shadowed(x[a_from:a_from + n], x[b_from:b_from + n])
    return x, 0.0


def blend(n, same_b):
    x = np.arange(float(n * n))
    a = x.reshape(n, n)
    b = a if same_b else np.arange(float(n * n)).reshape(n, n)
    overlap.blend(a, b, x[:n])
    return x, 0.0


SCENARIOS = {
    "shift_right": lambda: copy_into(1000, 1, 0, 1),
    "shift_left": lambda: copy_into(1000, 0, 1, 1),
    "reverse": lambda: copy_into(1000, 0, 999, -1),
    "disjoint": lambda: copy_into(1000, 0, 1000, 1),
    "add_shifted": lambda: add_into(1000, 1, 0),
    "add_same": lambda: add_into(1000, 0, 0),
    "blend_transposed_self": lambda: blend(40, True),
    "blend_other": lambda: blend(40, False),
    "shadowed_disjoint": lambda: shadowed(100, 0, 100),
    "shadowed_overlap": lambda: shadowed(100, 1, 0),
}


def build_commands(target, out, exe):
    test = str(DIR / "overlap_test.cpp")
    if target == "openmp":
        return [[npc_harness.CXX, *npc_harness.CXXFLAGS, f"-I{out}",
                 '-DNPC_HEADER="overlap.h"', str(out / "overlap.cpp"), test, "-o", exe]]
    emu = [str(npc_harness.NVCC_EMU), *npc_harness.NVCC_EMU_FLAGS, f"-I{out}"]
    return [[*emu, "-c", str(out / "overlap.cu"), "-o", str(out / "overlap.o")],
            [*emu, '-DNPC_HEADER="overlap.cuh"', "-x", "c++", "-c", test, "-o",
             str(out / "test.o")],
            [str(npc_harness.NVCC_EMU), str(out / "overlap.o"), str(out / "test.o"), "-o", exe]]


@pytest.fixture(scope="module", params=["openmp", "cuda"])
def calls(request, tmp_path_factory, npc_bin):
    """The test program's output by scenario name: (x, result)."""
    out = tmp_path_factory.mktemp(f"overlap_{request.param}")
    subprocess.run([str(npc_bin), "transpile", str(DIR / "overlap.py"), "--target",
                    request.param, "-o", str(out)], check=True)
    exe = str(out / "test")
    for cmd in build_commands(request.param, out, exe):
        r = subprocess.run(cmd, capture_output=True, text=True)
        assert r.returncode == 0, f"{' '.join(cmd)}:\n{r.stdout}{r.stderr}"
    r = subprocess.run([exe], capture_output=True, text=True, timeout=npc_harness.RUN_TIMEOUT)
    assert r.returncode == 0, r.stderr
    lines = {}
    for line in r.stdout.splitlines():
        name, rest = line.split(": ", 1)
        x, result = rest.split(" ")
        lines[name] = (np.array([float(v) for v in x.removeprefix("x=").split(",")]),
                       float(result.removeprefix("result=")))
    return lines


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_overlapping_arguments(calls, name):
    want_x, want_r = SCENARIOS[name]()
    got_x, got_r = calls[name]
    np.testing.assert_array_equal(got_x, want_x, err_msg=f"{name}: the caller's buffer")
    assert got_r == want_r, name
