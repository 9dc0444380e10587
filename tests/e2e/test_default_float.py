"""`npc transpile --default-float float32` (a documented deviation from NumPy, like
torch.compile's numpy_default_float): kernels/default_float.py's creation functions
without a dtype give float32, compared bit for bit with NumPy computing in float32
(default_float_reference); without the option the kernel is NumPy's, float64."""

import numpy as np
import pytest

import npc_harness

KERNEL = "default_float.py"
NPC_FLAGS = ["--default-float", "float32"]


@pytest.mark.parametrize("n", [0, 1, 4])
def test_float32_default(kernel, n):
    x = np.array([0.25, -3.5, 8.0], np.float32)
    reference = npc_harness.load_reference(kernel.source, "default_float_reference")
    expected = reference(x, n)
    r = kernel.run([x, n], len(expected))
    assert r.returncode == 0, r.stderr
    for i, (got, want) in enumerate(zip(r.outputs, expected)):
        npc_harness.assert_same(got, want, rtol=0, what=f"result {i}")
    assert [o.dtype for o in r.outputs] == [np.float32] * 9 + [np.int64, np.float64, np.float64]


@pytest.mark.parametrize("n", [0, 3])
def test_numpy_default(kernels, n):
    x = np.array([0.25, -3.5, 8.0], np.float32)
    results = kernels(KERNEL).check(x, n)
    assert results[0].dtype == np.float64 and results[8].dtype == np.float64


def test_bad_value_is_a_usage_error(tmp_path):
    p = npc_harness.run_npc("transpile", npc_harness.KERNELS / KERNEL, "-o", tmp_path / "out",
                            "--default-float", "float16")
    assert p.returncode == 2, p.stderr
    assert not (tmp_path / "out").exists()


def test_help_documents_the_deviation():
    p = npc_harness.run_npc("transpile", "--help")
    assert p.returncode == 0
    text = " ".join(p.stdout.split())
    assert "--default-float" in text and "deviates from NumPy" in text
