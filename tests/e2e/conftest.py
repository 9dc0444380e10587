"""Fixtures of the end-to-end tests: built kernels, shared by all tests of a module.

Run: `.venv/bin/python -m pytest -q -n 2 tests/e2e` (ctest runs it with -n auto).
Environment: NPC_BIN, the npc to test (default build/cmd/npc); NPC_E2E_CACHE, a directory
that keeps kernel builds between runs (entries unused for a week are deleted); CXX.

A test module names its kernel file in KERNEL (relative to tests/e2e/kernels, or an
absolute path) and takes the `kernel` fixture: a npc_harness.Kernel built once. Tests
that need another kernel call the `kernels` fixture with its file name.

Builds dominate the run time, so under pytest-xdist each test FILE goes to one worker
(LoadFileScheduling instead of xdist's default `load`, which would spread one module's
tests, and so its build, over every worker). Most kernels have a test file of their own.
"""

import os
from pathlib import Path

import pytest

import npc_harness


def pytest_configure(config):
    """In the controller, before any worker starts: drop builds of a kept cache
    ($NPC_E2E_CACHE) unused for a week."""
    if os.environ.get("NPC_E2E_CACHE") and not hasattr(config, "workerinput"):
        npc_harness.BuildCache(Path(os.environ["NPC_E2E_CACHE"])).prune()


@pytest.hookimpl(optionalhook=True)  # an xdist hook: unknown when xdist is not loaded
def pytest_xdist_make_scheduler(config, log):
    """Keep each test file on one worker when no other --dist mode was asked for."""
    if config.getoption("dist") != "load":
        return None
    from xdist.scheduler import LoadFileScheduling

    return LoadFileScheduling(config, log)


@pytest.fixture(scope="session")
def npc_bin():
    """The npc executable; the session fails at once if it is missing."""
    path = npc_harness.npc_bin()
    if not path.is_file():
        pytest.fail(f"npc executable not found at {path}: build it, or set NPC_BIN")
    return path


@pytest.fixture(scope="session")
def build_cache(tmp_path_factory, npc_bin):
    """Builds shared by the workers of this session ($NPC_E2E_CACHE keeps them longer)."""
    if os.environ.get("NPC_E2E_CACHE"):
        return npc_harness.BuildCache(Path(os.environ["NPC_E2E_CACHE"]))
    base = tmp_path_factory.getbasetemp()
    # xdist workers' base directories are siblings in one per-session directory.
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return npc_harness.BuildCache((base.parent if worker else base) / "npc-e2e-builds")


@pytest.fixture(scope="session")
def kernels(build_cache, tmp_path_factory):
    """build(name, flags=(), target="openmp") -> Kernel, memoised in this worker
    (failures too: raised again); `flags` are extra npc options (`["--default-float",
    "float32"]`); target="cuda" runs the CUDA target's output on the CPU emulation."""
    built = {}

    def build(name, flags=(), target="openmp"):
        source = Path(name) if Path(name).is_absolute() else npc_harness.KERNELS / name
        key = (source, tuple(flags), target)
        if key not in built:
            try:
                workdir = tmp_path_factory.mktemp(f"run-{source.stem}")
                built[key] = build_cache.build(source, workdir, tuple(flags), target)
            except npc_harness.BuildError as e:
                built[key] = e
        if isinstance(built[key], Exception):
            raise built[key]
        return built[key]

    return build


@pytest.fixture(params=["openmp", "cuda"])
def kernels_on_both_targets(request, kernels):
    """build(name, flags=()) -> Kernel for the OpenMP target, then for the CUDA target's
    output on the CPU emulation (the test runs once per target; the callable's `target`
    says which)."""
    def build(name, flags=()):
        return kernels(name, flags, request.param)

    build.target = request.param
    return build


@pytest.fixture(scope="module")
def kernel(request, kernels):
    """The module's KERNEL, built (with the module's NPC_FLAGS, if any)."""
    name = getattr(request.module, "KERNEL", None)
    if name is None:
        pytest.fail(f"{request.module.__name__} uses the kernel fixture but sets no KERNEL")
    return kernels(str(name), getattr(request.module, "NPC_FLAGS", ()))
