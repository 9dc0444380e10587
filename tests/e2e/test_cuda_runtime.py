"""Device-side checks of npc's CUDA runtime on values no end-to-end case reaches here
(tests/cuda/runtime/runtime_test.cu: unravel_next beyond 2^31), built with npc's CPU
emulation of CUDA (tests/cuda/emu/nvcc-emu, g++ only). tests/gpu/run.sh runs the same
program on a GPU."""

import shutil
import subprocess
from pathlib import Path

import npc_harness

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "tests" / "cuda" / "runtime" / "runtime_test.cu"
NVCC_EMU = ROOT / "tests" / "cuda" / "emu" / "nvcc-emu"


def test_runtime_on_emulation(tmp_path, npc_bin):
    # The runtime headers as npc writes them beside a module (nvcc-emu rewrites the kernel
    # launches of the sources in the .cu's directory).
    subprocess.run([str(npc_bin), "transpile", str(ROOT / "samples" / "kmeans.py"),
                    "--target", "cuda", "-o", str(tmp_path)], check=True)
    shutil.copy(SOURCE, tmp_path)
    for cmd in ([str(NVCC_EMU), "-std=c++20", "-O1", f"-I{tmp_path}", "-c",
                 str(tmp_path / SOURCE.name), "-o", str(tmp_path / "runtime_test.o")],
                [str(NVCC_EMU), str(tmp_path / "runtime_test.o"), "-o",
                 str(tmp_path / "runtime_test")]):
        r = subprocess.run(cmd, capture_output=True, text=True)
        assert r.returncode == 0, f"{' '.join(cmd)}:\n{r.stdout}{r.stderr}"
    r = subprocess.run([str(tmp_path / "runtime_test")], capture_output=True, text=True,
                       timeout=npc_harness.RUN_TIMEOUT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "unravel_next: 81 cases, 0 failures" in r.stdout
