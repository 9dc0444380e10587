"""npc's output is deterministic: the same input gives the same bytes, whatever the output
directory, the working directory, the way the input path is spelled or the environment."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

import npc_harness

SOURCES = [npc_harness.SAMPLES / "kmeans.py"] + sorted(npc_harness.KERNELS.glob("*.py"))


def tree(directory: Path) -> dict:
    """{relative path: bytes} of every file under `directory`."""
    return {str(f.relative_to(directory)): f.read_bytes()
            for f in sorted(directory.rglob("*")) if f.is_file()}


def transpile(src, out, cwd):
    """{file: bytes} that `npc transpile --emit-main` writes, or {"stderr": ...} when npc
    rejects the input (its diagnostics must be deterministic too)."""
    p = npc_harness.run_npc("transpile", src, "-o", out, "--emit-main", cwd=cwd)
    if p.returncode == 1:
        return {"stderr": p.stderr.replace(str(src), "SRC").encode()}
    assert p.returncode == 0, p.stderr
    return tree(Path(cwd) / out)


@pytest.mark.parametrize("source", SOURCES, ids=[p.stem for p in SOURCES])
def test_same_bytes_from_anywhere(tmp_path, source):
    # Absolute paths from one directory, then a copy of the source under another name of
    # directory, given as a relative path from a different working directory.
    first = transpile(source, tmp_path / "a", cwd=tmp_path)
    again = transpile(source, tmp_path / "b" / "deeper", cwd=tmp_path)
    work = tmp_path / "elsewhere" / "src"
    work.mkdir(parents=True)
    shutil.copy(source, work / source.name)
    relative = transpile(source.name, "../out", cwd=work)
    assert first.keys() == again.keys() == relative.keys()
    for name in first:
        assert first[name] == again[name], f"{name} differs between two runs"
        assert first[name] == relative[name], f"{name} differs with another cwd / path"
    # Nothing machine- or run-specific leaks into the output.
    for name, data in first.items():
        for leak in (str(tmp_path), str(npc_harness.SOURCE_DIR)):
            assert leak.encode() not in data, f"{name} contains {leak!r}"


@pytest.mark.parametrize("flag", ["--emit-ir", "--emit-loops"])
def test_ir_dumps_are_deterministic(tmp_path, flag):
    source = npc_harness.SAMPLES / "kmeans.py"
    runs = [npc_harness.run_npc("transpile", source, flag, cwd=cwd) for cwd in (tmp_path, "/")]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr
    assert runs[0].stdout == runs[1].stdout and runs[0].stdout


def test_environment_does_not_matter(tmp_path):
    # Locale, time zone and thread settings are no inputs of the compiler.
    source = npc_harness.SAMPLES / "kmeans.py"
    base = transpile(source, tmp_path / "a", cwd=tmp_path)
    env = dict(os.environ, LC_ALL="de_DE.UTF-8", LANG="de_DE.UTF-8", TZ="Asia/Kolkata",
               OMP_NUM_THREADS="7", SOURCE_DATE_EPOCH="0")
    p = subprocess.run(
        [str(npc_harness.npc_bin()), "transpile", str(source), "-o", str(tmp_path / "b"),
         "--emit-main"], env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert tree(tmp_path / "b") == base


def test_unchanged_files_are_not_rewritten(tmp_path):
    """Transpiling again leaves files that would get the same bytes alone, time stamps
    too, so a build system rebuilds nothing for them; a changed module is rewritten."""
    src = tmp_path / "k.py"
    src.write_text("import numpy as np\n\n\n# npc export f(float64[:])\ndef f(x):\n"
                   "    return x + 1\n")
    out = tmp_path / "out"
    assert npc_harness.run_npc("transpile", src, "-o", out).returncode == 0
    past = 1_000_000_000  # 2001: any rewrite would show a new time stamp
    for f in out.rglob("*"):
        os.utime(f, (past, past))
    assert npc_harness.run_npc("transpile", src, "-o", out).returncode == 0
    assert all(f.stat().st_mtime == past for f in out.rglob("*") if f.is_file())
    src.write_text(src.read_text().replace("x + 1", "x + 2"))
    assert npc_harness.run_npc("transpile", src, "-o", out).returncode == 0
    assert (out / "k.cpp").stat().st_mtime != past
    assert (out / "npc" / "array.h").stat().st_mtime == past


def test_transpiles_at_once_into_one_directory(tmp_path):
    """Several npc processes writing one output directory at once (`make -j`) all succeed
    and leave every file whole: each writes temporaries of its own and renames them."""
    out = tmp_path / "out"
    sources = [npc_harness.SAMPLES / f"{s}.py" for s in ("kmeans", "heat2d", "softmax", "nbody")]
    for _ in range(3):
        shutil.rmtree(out, ignore_errors=True)
        procs = [subprocess.Popen([str(npc_harness.npc_bin()), "transpile", str(s), "-o",
                                   str(out)], stderr=subprocess.PIPE, text=True)
                 for s in sources]
        for p in procs:
            _, err = p.communicate(timeout=120)
            assert p.returncode == 0, err
    alone = tmp_path / "alone"
    assert npc_harness.run_npc("transpile", sources[0], "-o", alone).returncode == 0
    assert tree(alone / "npc") == tree(out / "npc")
    assert not [f for f in out.rglob("*") if ".npc-tmp" in f.name]
