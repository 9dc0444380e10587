"""Differential-testing harness: transpile a kernel with npc, build it with g++, run the
`--emit-main` driver on .npy inputs and compare its outputs with NumPy on the same inputs.

A kernel file exports one function (the driver npc emits calls the file's first exported
function). The reference is that very function, imported from the same file and run by
NumPy, so the test states only the inputs.

Builds are the slow part (~8 s of g++ per kernel, most of it the driver's translation
unit), so each kernel is built once and shared: a build is keyed by a hash of everything
npc generated plus the compiler and its flags, lives in a cache directory shared by all
pytest-xdist workers of a session (or in $NPC_E2E_CACHE, kept between sessions: only
kernels whose generated code changed are rebuilt), and is made under a file lock so two
workers never build the same kernel at once.

Where npc is wrong, tests stay as they are and carry
`@pytest.mark.xfail(strict=True, raises=..., reason="npc bug: ...")`: BuildError when
npc or g++ rejects the kernel, AssertionError when results or exit codes differ.
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import hashlib
import importlib.util
import os
import shutil
import subprocess
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np
import pytest

SOURCE_DIR = Path(os.environ.get("NPC_SOURCE_DIR", Path(__file__).resolve().parents[2]))
KERNELS = Path(__file__).resolve().parent / "kernels"
SAMPLES = SOURCE_DIR / "samples"

CXX = os.environ.get("CXX", "g++")
# NPC_PARALLEL_MIN_WORK=0: the small test arrays run on all threads too (npc/ufunc.h).
CXXFLAGS = ["-std=c++20", "-O2", "-fopenmp", "-Wall", "-Wextra", "-Wshadow", "-Werror",
            "-DNPC_PARALLEL_MIN_WORK=0"]
# The CUDA target's output is built with npc's CPU emulation of CUDA (g++ only, no GPU;
# see tests/cuda/emu/npc_cuda_emu.h): BuildCache.build(..., target="cuda").
NVCC_EMU = SOURCE_DIR / "tests" / "cuda" / "emu" / "nvcc-emu"
NVCC_EMU_FLAGS = ["-std=c++20", "-O1"]

# Tolerances for floats, unless a test documents a reason for another: npc may reassociate
# float reductions (parallel code, wider accumulators), so results are not bitwise NumPy's.
RTOL = {np.dtype(np.float64): 1e-12, np.dtype(np.float32): 1e-5,
        np.dtype(np.complex128): 1e-12, np.dtype(np.complex64): 1e-5}

# Seconds a driver run may take; kernels here run on small inputs.
RUN_TIMEOUT = 60


class BuildError(Exception):
    """npc or g++ failed on a kernel."""


def npc_bin() -> Path:
    """The npc executable: $NPC_BIN (set by ctest), else build/cmd/npc of the source tree."""
    return Path(os.environ.get("NPC_BIN", SOURCE_DIR / "build" / "cmd" / "npc"))


def run_npc(*args, cwd=None) -> subprocess.CompletedProcess:
    """Runs npc with `args` (str/Path); returns the completed process, output as text."""
    return subprocess.run([str(npc_bin()), *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


def assert_cuda_refuses(kernel: str, out: Path, where: str, message: str):
    """Asserts that transpiling kernels/`kernel` for the CUDA target fails with a located
    error at `where` ("file.py:LINE:") containing `message`, and writes nothing to `out`."""
    p = run_npc("transpile", KERNELS / kernel, "--target", "cuda", "-o", out)
    assert p.returncode == 1, p.stderr
    assert where in p.stderr, p.stderr
    assert message in p.stderr, p.stderr
    assert not out.exists()


def load_reference(path: Path, function: str):
    """The Python function `function` of kernel file `path`, to run with NumPy."""
    spec = importlib.util.spec_from_file_location(f"npc_kernel_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, function)


def exported_function(path: Path) -> str:
    """The name in the first `# npc export NAME(...)` line of `path`."""
    for line in path.read_text().splitlines():
        text = line.strip()
        if text.startswith("# npc export "):
            return text.removeprefix("# npc export ").split("(")[0].strip()
    raise AssertionError(f"{path} has no '# npc export' line")


@dataclasses.dataclass
class RunResult:
    returncode: int
    stdout: str
    stderr: str
    outputs: list  # the loaded -o files, when the run succeeded
    arguments: dict = dataclasses.field(default_factory=dict)  # index -> array after the call


class Kernel:
    """A built kernel: the driver executable, and the NumPy reference of the same file."""

    def __init__(self, source: Path, exe: Path, workdir: Path):
        self.source = source
        self.exe = exe
        self.function = exported_function(source)
        self.reference = load_reference(source, self.function)
        self._workdir = workdir
        self._runs = 0
        self.signatures = driver_signatures(exe)
        self.n_results = result_count(self.signatures[0])

    def _fresh_dir(self) -> Path:
        self._runs += 1
        d = self._workdir / f"run{self._runs}"
        d.mkdir(parents=True)
        return d

    def run(self, args, n_outputs: int | None = None, threads: int | None = None,
            save_args: bool = False) -> RunResult:
        """Runs the driver on `args` (NumPy arrays, NumPy 0-d arrays or Python scalars,
        which go on the command line as literals) with `n_outputs` `-o` files (default:
        as many as the function has results), on `threads` OpenMP threads if given."""
        if n_outputs is None:
            n_outputs = self.n_results
        d = self._fresh_dir()
        argv = [str(self.exe)]
        for i, a in enumerate(args):
            if isinstance(a, np.ndarray):
                path = d / f"arg{i}.npy"
                np.save(path, a)
                argv.append(str(path))
            else:
                argv.append(scalar_literal(a))
        outs = [d / f"out{i}.npy" for i in range(n_outputs)]
        for o in outs:
            argv += ["-o", str(o)]
        if save_args:
            argv += ["--save-args", str(d / "saved")]
        env = dict(os.environ, OMP_NUM_THREADS=str(threads)) if threads else None
        p = subprocess.run(argv, capture_output=True, text=True, timeout=RUN_TIMEOUT, env=env)
        loaded = [np.load(o) for o in outs] if p.returncode == 0 else []
        saved = {}
        if save_args and p.returncode == 0:
            saved = {i: np.load(d / "saved" / f"arg{i}.npy")
                     for i, a in enumerate(args) if isinstance(a, np.ndarray)}
        return RunResult(p.returncode, p.stdout, p.stderr, loaded, saved)

    def numpy(self, *args, arguments_after: list | None = None):
        """The reference result: the kernel's Python function run by NumPy on copies of
        `args` (warnings of integer division by zero and NaN comparisons silenced). The
        copies, as the function left them, are appended to `arguments_after`."""
        copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # "Mean of empty slice"
            result = self.reference(*copies)
        if arguments_after is not None:
            arguments_after.extend(copies)
        return result

    def check(self, *args, rtol=None, atol=0.0, threads=None):
        """Asserts the compiled kernel gives NumPy's results on `args`: the same number of
        results, the same dtypes and shapes, ints and bools exactly, floats within rtol
        (per result dtype, RTOL by default) with NaN in the same places; and that array
        arguments are left as NumPy leaves them (in-place updates). Returns the results."""
        after = []
        expected = self.numpy(*args, arguments_after=after)
        expected = list(expected) if isinstance(expected, tuple) else [expected]
        r = self.run(args, len(expected), threads=threads, save_args=True)
        assert r.returncode == 0, f"driver failed (exit {r.returncode}):\n{r.stderr}"
        assert "internal error" not in r.stderr
        for i, (got, want) in enumerate(zip(r.outputs, expected)):
            assert_same(got, want, rtol=rtol, atol=atol, what=f"result {i}")
        # Arguments the function updates in place must change as NumPy changed them.
        for i, got in r.arguments.items():
            assert_same(got, after[i], rtol=rtol, atol=atol, what=f"argument {i} after the call")
        return r.outputs

    def check_like_numpy(self, *args, raises=(Exception,), **check_kwargs):
        """check() on `args`, or, where NumPy raises one of the exception types `raises`,
        check_raises() with NumPy's message."""
        try:
            self.numpy(*args)
        except raises as e:
            return self.check_raises(*args, match=str(e))
        return self.check(*args, **check_kwargs)

    def check_like_python(self, *args, raises=(Exception,), npc_refuses=None, message=""):
        """check_like_numpy(), except where `npc_refuses(value)` holds for the value the
        Python function returns: there npc must exit 1 with `message` in its error (a
        documented deviation: a value npc cannot type, an int beyond int64)."""
        try:
            want = self.numpy(*args)
        except raises as e:
            return self.check_raises(*args, match=str(e))
        if npc_refuses is not None and npc_refuses(want):
            r = self.run(args)
            assert r.returncode == 1, f"driver exit {r.returncode}, Python gives {want!r}"
            assert message in r.stderr and "internal error" not in r.stderr, r.stderr
            return r
        return self.check(*args)

    def check_raises(self, *args, match: str):
        """Asserts NumPy raises on `args` with a message containing `match`, and that the
        driver exits 1 with an error message containing it too."""
        try:
            self.numpy(*args)
        except Exception as e:  # noqa: BLE001 - any NumPy exception type
            assert match in str(e), f"NumPy says {e!r}, not {match!r}"
        else:
            raise AssertionError(f"NumPy does not raise on these inputs ({match!r} expected)")
        r = self.run(args)
        assert r.returncode == 1, f"driver exit {r.returncode}, expected 1:\n{r.stderr}"
        assert "error:" in r.stderr and match in r.stderr, r.stderr
        assert "internal error" not in r.stderr
        return r


def driver_signatures(exe: Path) -> list:
    """The signature lines of `exe --help`: ["f(x: float64[:, :]) -> (int64[:], float64)"]."""
    p = subprocess.run([str(exe), "--help"], capture_output=True, text=True, timeout=RUN_TIMEOUT)
    assert p.returncode == 0, f"{exe} --help failed:\n{p.stderr}"
    lines = p.stdout.split("signatures:\n", 1)[1].split("options:", 1)[0].splitlines()
    return [line.strip() for line in lines if line.strip()]


def result_count(signature: str) -> int:
    """How many results (-o files) a driver signature line has."""
    result = signature.rsplit(" -> ", 1)[1]
    if result == "None":
        return 0
    if not result.startswith("("):
        return 1
    depth, count = 0, 1
    for ch in result[1:-1]:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        elif ch == "," and depth == 0:
            count += 1
    return count


def scalar_literal(value) -> str:
    """The driver's command-line literal for a Python scalar."""
    if isinstance(value, (bool, np.bool_)):
        return "True" if value else "False"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        return repr(float(value))  # 'nan', 'inf', '-inf', '0.1', '1e-05'
    raise TypeError(f"no literal for {value!r}")


def assert_same(got: np.ndarray, want, rtol=None, atol=0.0, what="result"):
    """`got` (loaded from the driver's .npy) equals NumPy's `want`: dtype exactly, shape,
    ints/bools exactly, floats within rtol with NaNs in the same places."""
    want = np.asarray(want)  # NumPy scalars and Python numbers become 0-d arrays
    assert got.dtype == want.dtype, f"{what}: dtype {got.dtype}, NumPy gives {want.dtype}"
    assert got.shape == want.shape, f"{what}: shape {got.shape}, NumPy gives {want.shape}"
    if want.dtype.kind in "fc":
        tol = rtol if rtol is not None else RTOL[np.dtype(want.dtype)]
        np.testing.assert_allclose(got, want, rtol=tol, atol=atol, equal_nan=True,
                                   err_msg=f"{what} ({want.dtype}, rtol={tol})")
    else:
        np.testing.assert_array_equal(got, want, strict=True, err_msg=what)




class BuildCache:
    """Kernel builds shared by the pytest-xdist workers of a session, keyed by content.

    Kernels are built exactly as users build npc's output (one g++ command, CXXFLAGS).
    A precompiled npc/driver.h would save ~2.5 s of the ~7 s a driver takes, but g++ 12
    then reports -Warray-bounds false positives in the runtime that a plain build does
    not, so the build here stays the users' build.
    """

    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        # The compiler's identity is part of every key: a kept cache survives upgrades.
        self.compiler = subprocess.run([CXX, "--version"], capture_output=True, text=True,
                                       check=True).stdout.splitlines()[0]

    def transpile(self, source: Path, flags=()) -> Path:
        """Runs `npc transpile --emit-main` (plus `flags`) on `source` into a fresh
        directory."""
        gen = Path(tempfile.mkdtemp(prefix=f"{source.stem}-", dir=self.root))
        p = run_npc("transpile", source, "-o", gen, "--emit-main", *flags)
        if p.returncode != 0:
            shutil.rmtree(gen)
            raise BuildError(f"npc failed on {source.name} (exit {p.returncode}):\n{p.stderr}")
        return gen

    def compile_kernel_only(self, source: Path) -> None:
        """Transpiles `source` and compiles the kernel's translation unit alone (no driver,
        no link): a quick check that npc's output builds warning-free."""
        gen = self.transpile(source)
        try:
            gxx([CXX, *CXXFLAGS, "-I.", "-c", f"{module_name(gen)}.cpp", "-o", "kernel.o"], gen,
                source)
        finally:
            shutil.rmtree(gen)

    def build(self, source: Path, workdir: Path, flags=(), target="openmp",
              cxxflags=()) -> "Kernel":
        """Transpiles `source` (with npc `flags`, e.g. ["--default-float", "float32"])
        for `target` and builds kernel and driver, or reuses the build of identical
        generated code. target="cuda" builds with nvcc-emu: the driver runs the kernels on
        the CPU emulation of CUDA. `cxxflags` are added to g++'s (OpenMP target only)."""
        if target == "cuda":
            gen = self.transpile(source, (*flags, "--target", "cuda"))
            stem = module_name(gen, ".cu")
            emu = [str(NVCC_EMU), *NVCC_EMU_FLAGS, "-I."]
            cmds = [[*emu, "-c", f"{stem}.cu", "-o", f"{stem}.o"],
                    [*emu, "-x", "c++", "-c", f"{stem}_main.cu", "-o", f"{stem}_main.o"],
                    [str(NVCC_EMU), f"{stem}.o", f"{stem}_main.o", "-o", stem]]
        else:
            gen = self.transpile(source, flags)
            stem = module_name(gen)
            cmds = [[CXX, *CXXFLAGS, *cxxflags, "-I.", f"{stem}.cpp", f"{stem}_main.cpp", "-o",
                     stem]]
        # The emulation's headers are part of a CUDA build's key.
        emulation = [content_hash(NVCC_EMU.parent, [])] if target == "cuda" else []
        key = content_hash(gen, [self.compiler, *emulation, *sum(cmds, [])])
        final = self.root / f"{stem}-{key}"
        with locked(self.root / f"{stem}-{key}.lock"):
            if (final / stem).exists():
                shutil.rmtree(gen)
            else:
                for cmd in cmds:
                    gxx(cmd, gen, source)
                shutil.rmtree(final, ignore_errors=True)
                gen.rename(final)
        os.utime(final)  # Marks it used, for prune().
        return Kernel(source, final / stem, workdir)

    def prune(self, days: float = 7) -> None:
        """Deletes builds not used for `days` (for a cache kept in $NPC_E2E_CACHE)."""
        cutoff = time.time() - days * 86400
        for entry in self.root.iterdir():
            if entry.stat().st_mtime >= cutoff:
                continue
            if entry.is_dir():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)  # its lock file


def module_name(gen: Path, ext: str = ".cpp") -> str:
    """The C++ module name npc chose for its output in `gen` (the file's stem, made a
    valid C++ identifier: `new.py` gives new_.cpp, `my-kernel.py` my_kernel.cpp); `ext`
    is ".cu" for the CUDA target."""
    drivers = [f.name.removesuffix(f"_main{ext}") for f in gen.glob(f"*_main{ext}")]
    names = [d for d in drivers if (gen / f"{d}{ext}").exists()]
    assert len(names) == 1, f"no single <module>{ext} + <module>_main{ext} in {gen}"
    return names[0]


@contextlib.contextmanager
def locked(path: Path):
    """An exclusive lock on `path`, across processes (the pytest-xdist workers)."""
    with open(path, "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        yield


def gxx(cmd, cwd: Path, source: Path) -> None:
    """Runs a g++ command in `cwd`; a failure is a BuildError naming the kernel."""
    c = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=600)
    if c.returncode != 0:
        raise BuildError(f"g++ failed on npc's output for {source.name} (kept in {cwd}):\n"
                         f"{' '.join(cmd)}\n{c.stderr[:6000]}")


def content_hash(directory: Path, cmd) -> str:
    """A hash of every file under `directory` (names and bytes) and of `cmd`."""
    h = hashlib.sha256("\0".join(cmd).encode())
    for f in sorted(directory.rglob("*")):
        if f.is_file():
            h.update(str(f.relative_to(directory)).encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:16]
