"""Python identifiers that mean something in C++ or to npc's emitter must not break or
change the generated code."""

import subprocess

import numpy as np
import pytest

import npc_harness

KERNEL = "names.py"


@pytest.mark.parametrize("n", [2, 1, 21])
def test_keywords_and_emitter_names(kernel, n):
    kernel.check(np.linspace(-1, 1, n), np.linspace(0.5, 2, n))


def test_broadcast_argument(kernel):
    kernel.check(np.array([1.0]), np.array([3.0, -4.0, 0.5]))


def test_cpp_macros(kernels, build_cache):
    build_cache.compile_kernel_only(npc_harness.KERNELS / "names_cpp_macros.py")
    k = kernels("names_cpp_macros.py")
    k.check(np.array([1.0, 2.0, -3.0]))
    k.check(np.linspace(0, 1, 19))


@pytest.mark.parametrize("stem, target", [
    ("exp", "openmp"), ("for", "openmp"), ("cuda", "openmp"), ("index", "openmp"),
    ("select", "openmp"), ("errno", "openmp"), ("max", "cuda"), ("rsqrt", "cuda"),
    ("stdint", "openmp"), ("string", "openmp"), ("limits", "openmp"), ("signal", "openmp"),
    ("assert", "openmp"), ("immintrin", "cuda")])
def test_module_names(kernels, tmp_path, stem, target):
    """A module named like a C library function (exp, and POSIX's index and select), a
    macro (errno), a C++ keyword, a namespace of the generated code or a function of the
    CUDA Toolkit's headers (max, rsqrt), or of a C header it includes (stdint.py: its
    stdint.h would be included for <stdint.h>) gets a namespace and files of another name
    (exp.py: exp_.h), which build and run. The CPU emulation of CUDA does not declare the
    Toolkit's math functions, so the names npc writes are checked too (real nvcc rejects
    `namespace max`; cuda_compile builds with it)."""
    source = tmp_path / f"{stem}.py"
    source.write_text("import numpy as np\n\n\n# npc export f(float64[:])\ndef f(x):\n"
                      "    return np.exp(x) + 1\n")
    out = tmp_path / "out"
    r = npc_harness.run_npc("transpile", source, "--target", target, "-o", out)
    assert r.returncode == 0, r.stderr
    header = out / (f"{stem}_.cuh" if target == "cuda" else f"{stem}_.h")
    assert f"namespace {stem}_ {{" in header.read_text()
    kernels(str(source), (), target).check(np.linspace(-1, 1, 5))


def test_unicode_names(kernels_on_both_targets):
    kernels_on_both_targets("unicode_names.py").check(np.linspace(0.5, 2, 7), 2.5)


def test_module_named_like_a_c_header_leaves_it_alone(tmp_path):
    """signal.py and assert.py give signal_.h and assert_.h: a user's file that includes
    <csignal> and <cassert> with -Iout next to them still gets the C library's."""
    out = tmp_path / "out"
    for stem in ("signal", "assert"):
        source = tmp_path / f"{stem}.py"
        source.write_text("import numpy as np\n\n\n# npc export f(float64[:])\ndef f(x):\n"
                          "    return x + 1\n")
        r = npc_harness.run_npc("transpile", source, "-o", out)
        assert r.returncode == 0, r.stderr
    user = tmp_path / "user.cpp"
    user.write_text('#include <csignal>\n#include <cassert>\n#include "signal_.h"\n'
                    '#include "assert_.h"\n'
                    'int main() { std::signal(SIGINT, SIG_DFL); assert(true); return 0; }\n')
    c = subprocess.run([npc_harness.CXX, *npc_harness.CXXFLAGS, f"-I{out}", "-fsyntax-only",
                        str(user)], capture_output=True, text=True, timeout=300)
    assert c.returncode == 0, c.stderr


def test_module_option_names_namespace_and_files(kernels, tmp_path):
    """--module gives the output another namespace and file stem: one Python file built
    twice into one program (as for its openmp and cuda builds) links and runs."""
    kmeans = npc_harness.SAMPLES / "kmeans.py"
    rng = np.random.default_rng(1)
    X, means = rng.normal(size=(50, 2)), rng.normal(size=(3, 2))
    kernels(str(kmeans), ("--module", "kmeans_cpu")).check(X, means)
    out = tmp_path / "out"
    for name in ("kmeans_a", "kmeans_b"):
        r = npc_harness.run_npc("transpile", kmeans, "-o", out, "--module", name)
        assert r.returncode == 0, r.stderr
        assert f"namespace {name} {{" in (out / f"{name}.h").read_text()
    (out / "main.cpp").write_text(
        '#include "kmeans_a.h"\n#include "kmeans_b.h"\n#include <cstdio>\n'
        "int main() {\n"
        "    double X[4] = {0, 0, 5, 5}, m[4] = {0, 0, 5, 5};\n"
        "    npc::ArrayView<const double, 2> x(X, {2, 2}), mv(m, {2, 2});\n"
        "    auto a = kmeans_a::kmeans(x, mv);\n    auto b = kmeans_b::kmeans(x, mv);\n"
        '    std::printf("%d\\n", int(a(1) == 1 && b(1) == 1));\n}\n')
    c = subprocess.run([npc_harness.CXX, *npc_harness.CXXFLAGS, "-I.", "main.cpp",
                        "kmeans_a.cpp", "kmeans_b.cpp", "-o", "both"], cwd=out,
                       capture_output=True, text=True, timeout=600)
    assert c.returncode == 0, c.stderr
    run = subprocess.run([str(out / "both")], capture_output=True, text=True, timeout=60)
    assert run.stdout.strip() == "1", run


@pytest.mark.parametrize("module, suggestion", [("my-kernels", "my_kernels"),
                                                 ("signal", "signal_"), ("for", "for_")])
def test_module_option_must_be_a_free_identifier(tmp_path, module, suggestion):
    r = npc_harness.run_npc("transpile", npc_harness.SAMPLES / "kmeans.py", "-o",
                            tmp_path / "out", "--module", module)
    assert r.returncode == 2 and f"try '{suggestion}'" in r.stderr, r.stderr
    assert not (tmp_path / "out").exists()
