"""A pytest plugin that turns the end-to-end tests into cases of the GPU bundle (run by
tests/gpu/prepare.sh, where npc and NumPy 2.x are installed): instead of building each
kernel with g++, it transpiles it with --target cuda --emit-main (plus the test's npc flags)
into BUNDLE/cases/<e2e|sample>-<stem>/, and each `kernel.check(...)` and
`kernel.check_raises(...)` call saves its inputs as .npy files (scalars as the driver's
literals) with what NumPy gives here: the results, the arguments the function updated in
place, or NumPy's error message. tests/gpu/check.py compares the CUDA drivers with those on
the GPU machine, whose NumPy (if any other version) plays no part.

    NPC_GPU_RECORD=BUNDLE PYTHONPATH=tests/gpu python -m pytest -p record_e2e -p no:xdist \\
        -q tests/e2e

Only tests that take the `kernel` or `kernels` fixture run. Tests that run the driver
themselves (`kernel.run`, `kernel.exe`) are skipped, except through elementwise_check.check
(recorded with its ULP tolerances); assertions a test makes on what `check` returns see
NumPy's results. The test outcomes do not matter (a test failing here
has only its earlier calls recorded); the cases go to BUNDLE/e2e_cases.json at the end.
Cases whose inputs exceed MAX_CASE_BYTES are left out, to keep the bundle small.
"""

import json
import os
import re
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest

E2E = Path(__file__).resolve().parents[1] / "e2e"
MAX_CASE_BYTES = 1 << 20
# GPU reductions group terms differently from the OpenMP build: float64 and complex128
# results get a little more room than the end-to-end tests' 1e-12 (a test's own rtol, if
# larger, wins).
GPU_RTOL = {"float64": 1e-10, "float32": 1e-5, "complex128": 1e-10, "complex64": 1e-5}

_bundle = None
_cases = []
_failed = {}  # case directory -> npc's error


def pytest_configure(config):
    global _bundle
    if not os.environ.get("NPC_GPU_RECORD"):
        raise pytest.UsageError("record_e2e: set NPC_GPU_RECORD to the bundle directory")
    _bundle = Path(os.environ["NPC_GPU_RECORD"]).resolve()
    sys.path.insert(0, str(E2E))
    import elementwise_check
    import npc_harness

    npc_harness.BuildCache.build = _record_build
    npc_harness.BuildCache.compile_kernel_only = _skip_compile
    elementwise_check.check = _record_elementwise


def _record_elementwise(kernel, *args, ulp=(), reference=None):
    """elementwise_check.check when recording: results `ulp` within MAX_ULP, the signs of
    float zeros compared too."""
    import elementwise_check

    with np.errstate(all="ignore"):
        expected = reference(*args) if reference else kernel.numpy(*args)
    expected = list(expected) if isinstance(expected, tuple) else [expected]
    kernel.record(args, expected, [], rtol=None, atol=0.0,
                  extra={"ulp": sorted(ulp), "max_ulp": elementwise_check.MAX_ULP,
                         "zero_signs": True})
    return [np.asarray(e) for e in expected]


def pytest_collection_modifyitems(config, items):
    """Keeps the tests that use built kernels."""
    keep = [i for i in items if {"kernel", "kernels"} & set(getattr(i, "fixturenames", ()))]
    kept = set(keep)
    config.hook.pytest_deselected(items=[i for i in items if i not in kept])
    items[:] = keep


def pytest_sessionfinish(session):
    if _bundle is None:
        return
    (_bundle / "e2e_cases.json").write_text(json.dumps({"cases": _cases}, indent=1) + "\n")
    dirs = {c["dir"] for c in _cases}
    print(f"\nrecord_e2e: {len(_cases)} cases of {len(dirs)} kernels in "
          f"{_bundle / 'e2e_cases.json'}")
    for d, error in sorted(_failed.items()):
        print(f"record_e2e: npc --target cuda failed for {d}:\n{error}")


def _skip_compile(self, source):
    pytest.skip("record_e2e: compile-only tests are not recorded")


_transpiled = {}


def _record_build(self, source, workdir, flags=(), target="openmp"):
    """BuildCache.build when recording: transpiles `source` for CUDA into the bundle. Tests
    that run on both targets record their cases once, from the OpenMP run."""
    import npc_harness

    if target == "cuda":
        pytest.skip("recorded by the same test's OpenMP run")

    source = Path(source)
    group = "e2e" if source.parent == npc_harness.KERNELS else "sample"
    suffix = "".join("-" + re.sub(r"[^A-Za-z0-9]+", "", f) for f in flags)
    name = f"{group}-{source.stem}{suffix}"
    if name not in _transpiled:
        d = _bundle / "cases" / name
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
        p = npc_harness.run_npc("transpile", source, "--target", "cuda", "--emit-main", *flags,
                                "-o", d)
        if p.returncode != 0:
            shutil.rmtree(d)
            _failed[name] = p.stderr
            _transpiled[name] = npc_harness.BuildError(f"npc --target cuda: {p.stderr}")
        else:
            shutil.copy(source, d / source.name)
            module = next(d.glob("*_main.cu")).name.removesuffix("_main.cu")
            _transpiled[name] = (d, module)
    if isinstance(_transpiled[name], Exception):
        raise _transpiled[name]
    return RecordingKernel(source, name, _transpiled[name][1])


class RecordingKernel:
    """Stands for npc_harness.Kernel: records cases instead of running a driver."""

    def __init__(self, source, name, module):
        import npc_harness

        self.source = source
        self.function = npc_harness.exported_function(source)
        self.reference = npc_harness.load_reference(source, self.function)
        self._name = name
        self._module = module

    def __getattr__(self, attr):  # exe, signatures, n_results, run: need the built driver
        if attr.startswith("__"):
            raise AttributeError(attr)
        pytest.skip(f"record_e2e: the test uses the driver itself (kernel.{attr})")

    def numpy(self, *args, arguments_after=None):
        import npc_harness

        return npc_harness.Kernel.numpy(self, *args, arguments_after=arguments_after)

    def _case(self, args):
        """A new case's common fields and its saved arguments, or None if too big."""
        if sum(a.nbytes for a in args if isinstance(a, np.ndarray)) > MAX_CASE_BYTES:
            return None
        import npc_harness

        n = len(_cases)
        inputs = _bundle / "inputs" / self._name
        inputs.mkdir(parents=True, exist_ok=True)
        saved = []
        for i, a in enumerate(args):
            if isinstance(a, np.ndarray):
                np.save(inputs / f"c{n}_arg{i}.npy", a)
                saved.append({"npy": f"inputs/{self._name}/c{n}_arg{i}.npy"})
            else:
                saved.append({"literal": npc_harness.scalar_literal(a)})
        return {"function": self.function, "dir": f"cases/{self._name}",
                "module": self._module, "args": saved,
                "signature": f"{self._name}: case {n} ({_describe(args)})"}

    def _save_expected(self, n, tag, value):
        path = _bundle / "expected" / self._name / f"c{n}_{tag}.npy"
        path.parent.mkdir(parents=True, exist_ok=True)
        np.save(path, np.asarray(value))
        return str(path.relative_to(_bundle))

    def check(self, *args, rtol=None, atol=0.0, threads=None):
        after = []
        expected = self.numpy(*args, arguments_after=after)
        expected = list(expected) if isinstance(expected, tuple) else [expected]
        self.record(args, expected, after, rtol, atol)
        return [np.asarray(e) for e in expected]

    def record(self, args, expected, after, rtol, atol, extra=None):
        """Saves a case: `args` give NumPy's results `expected` and leave the array
        arguments as `after` has them (if not empty)."""
        case = self._case(args)
        if case is None:
            return
        n = len(_cases)
        case["expected"] = [self._save_expected(n, f"out{i}", e) for i, e in enumerate(expected)]
        # Arguments the function updated in place (compared through the driver's --save-args).
        case["after"] = {str(i): self._save_expected(n, f"arg{i}", b)
                         for i, (a, b) in enumerate(zip(args, after))
                         if isinstance(a, np.ndarray) and a.tobytes() != b.tobytes()}
        case["rtol"] = {t: max(r, rtol or 0.0) for t, r in GPU_RTOL.items()}
        case["atol"] = atol
        case.update(extra or {})
        _cases.append(case)

    def check_raises(self, *args, match):
        try:
            self.numpy(*args)
        except Exception as e:  # noqa: BLE001 - any NumPy exception type
            assert match in str(e), f"NumPy says {e!r}, not {match!r}"
        else:
            raise AssertionError(f"NumPy does not raise on these inputs ({match!r} expected)")
        case = self._case(args)
        if case is not None and match not in DEVICE_UNRAISABLE:
            case["expect_error"] = match
            _cases.append(case)
        pytest.skip("record_e2e: recorded; the test's checks of the driver's output are not")


# Errors CUDA kernels cannot raise (README, "Differences from NumPy": an integer to a
# negative integer power gives 0 in a kernel): such cases are not recorded.
DEVICE_UNRAISABLE = ("Integers to negative integer powers are not allowed.",)


def _describe(args):
    return ", ".join(f"{a.dtype}{list(a.shape)}" if isinstance(a, np.ndarray) else repr(a)
                     for a in args)
