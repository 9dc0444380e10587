"""kernels/vector_math.py: np.exp np.log np.sin np.cos in loops that g++ vectorizes. With
g++ on x86-64 glibc, npc's runtime declares glibc's libmvec variants of them, so these
loops call libmvec (checked in the executable's symbols). Results within 4 ULP of NumPy's
(elementwise_check.MAX_ULP), with NaN, inf and signed zeros in the same places. Built for
the baseline ISA (SSE2: 2 doubles a call), for -march=native (AVX2 or AVX-512 variants
where the CPU has them) and with -DNPC_NO_LIBMVEC (the scalar functions)."""

import platform
import subprocess

import numpy as np
import pytest

import npc_harness
from elementwise_check import SPECIAL, check

pytestmark = pytest.mark.skipif(platform.machine() != "x86_64" or not platform.libc_ver()[0],
                                reason="libmvec is used on x86-64 glibc only")

BUILDS = {"baseline": (), "native": ("-march=native",), "scalar": ("-DNPC_NO_LIBMVEC",)}


def inputs(dtype):
    rng = np.random.default_rng(7)
    x = np.concatenate([rng.normal(scale=5, size=4000), rng.uniform(-745, 710, 4000),
                        np.exp(rng.uniform(-700, 700, 4000)), rng.uniform(-1, 1, 4000),
                        SPECIAL, [709.78, -745.2, 88.7, -103.9, 1e-300, 3e38]])
    with np.errstate(over="ignore"):
        return x.astype(dtype)


def libmvec_calls(exe):
    symbols = subprocess.run(["nm", "-D", "--undefined-only", str(exe)], capture_output=True,
                             text=True, check=True).stdout
    # Vector variants are named _ZGV<isa><mask><lanes>v_<function>, versioned (@GLIBC_2.22).
    return {s.split()[-1].split("@")[0].split("v_")[-1] for s in symbols.splitlines()
            if "_ZGV" in s}


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("build", BUILDS)
def test_vector_math_within_4_ulp(build_cache, tmp_path, build, dtype):
    k = build_cache.build(npc_harness.KERNELS / "vector_math.py", tmp_path,
                          cxxflags=BUILDS[build])
    calls = libmvec_calls(k.exe)
    if build == "scalar":
        assert not calls
    else:
        assert calls == {"exp", "expf", "log", "logf", "sin", "sinf", "cos", "cosf"}
    out = check(k, inputs(dtype), ulp={0, 1, 2, 3, 4})
    assert [o.dtype for o in out] == [dtype] * 5
