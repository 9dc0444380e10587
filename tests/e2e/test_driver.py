"""The `--emit-main` driver around a compiled kernel: how it reads arguments (Fortran
order, 0-d .npy scalars, literals), its errors and exit statuses, --repeat, --batch and
--help.
Uses kernels built for other tests (the build cache shares them)."""

import subprocess

import numpy as np
import pytest

import npc_harness

KERNEL = npc_harness.SAMPLES / "kmeans.py"


def test_fortran_order_input(kernel):
    rng = np.random.default_rng(0)
    X = np.asfortranarray(rng.normal(size=(40, 3)))
    means = np.asfortranarray(rng.normal(size=(4, 3)))
    assert X.flags.f_contiguous and not X.flags.c_contiguous
    kernel.check(X, means)


def test_big_endian_input_is_an_error(kernel):
    r = kernel.run([np.ones((3, 2), dtype=">f8"), np.ones((2, 2))])
    assert r.returncode == 1 and "error:" in r.stderr, r.stderr
    assert "internal error" not in r.stderr


def test_wrong_rank_matches_no_overload(kernel):
    r = kernel.run([np.ones(3), np.ones((2, 1))])
    assert r.returncode == 1
    assert "no overload of kmeans matches" in r.stderr and "kmeans(X: float64[:, :]" in r.stderr


def test_missing_input_file(kernel, tmp_path):
    p = subprocess.run([str(kernel.exe), str(tmp_path / "nope.npy"), str(tmp_path / "m.npy"),
                        "-o", str(tmp_path / "out.npy")], capture_output=True, text=True)
    assert p.returncode == 1 and "nope.npy" in p.stderr, p.stderr
    assert not (tmp_path / "out.npy").exists()


@pytest.mark.parametrize("n_outputs", [0, 2])
def test_wrong_number_of_outputs_is_a_usage_error(kernel, n_outputs):
    r = kernel.run([np.ones((3, 2)), np.ones((2, 2))], n_outputs)
    assert r.returncode == 2 and "usage:" in r.stderr, r.stderr


def test_runtime_error_writes_no_output(kernel, tmp_path):
    np.save(tmp_path / "X.npy", np.ones((3, 2)))
    np.save(tmp_path / "m.npy", np.ones((0, 2)))
    p = subprocess.run([str(kernel.exe), str(tmp_path / "X.npy"), str(tmp_path / "m.npy"),
                        "-o", str(tmp_path / "out.npy")], capture_output=True, text=True)
    assert p.returncode == 1 and "empty sequence" in p.stderr
    assert not (tmp_path / "out.npy").exists()


def test_repeat_reports_times_and_same_result(kernel, tmp_path):
    rng = np.random.default_rng(1)
    X, means = rng.normal(size=(100, 2)), rng.normal(size=(3, 2))
    np.save(tmp_path / "X.npy", X)
    np.save(tmp_path / "m.npy", means)
    p = subprocess.run([str(kernel.exe), str(tmp_path / "X.npy"), str(tmp_path / "m.npy"),
                        "-o", str(tmp_path / "out.npy"), "--repeat", "3"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "npc-time min_s=" in p.stderr and "runs=3" in p.stderr
    npc_harness.assert_same(np.load(tmp_path / "out.npy"), kernel.numpy(X, means))


def test_batch_runs_each_line_as_a_call(kernel, tmp_path):
    # --batch: one call per line (tab-separated arguments), in one process; a failing line
    # is reported with its exit status and does not stop the next.
    rng = np.random.default_rng(2)
    X64, m64 = rng.normal(size=(50, 2)), rng.normal(size=(3, 2))
    X32, m32 = X64.astype(np.float32), m64.astype(np.float32)
    for name, a in (("X64", X64), ("m64", m64), ("X32", X32), ("m32", m32)):
        np.save(tmp_path / f"{name}.npy", a)
    np.save(tmp_path / "empty.npy", np.ones((0, 2)))
    lines = [[f"{tmp_path}/X64.npy", f"{tmp_path}/m64.npy", "-o", f"{tmp_path}/a.npy"],
             [f"{tmp_path}/X64.npy", f"{tmp_path}/empty.npy", "-o", f"{tmp_path}/b.npy"],
             [f"{tmp_path}/X32.npy", f"{tmp_path}/m32.npy", "-o", f"{tmp_path}/c.npy"]]
    (tmp_path / "calls.txt").write_text("".join("\t".join(line) + "\n" for line in lines))
    p = subprocess.run([str(kernel.exe), "--batch", str(tmp_path / "calls.txt")],
                       capture_output=True, text=True)
    assert p.returncode == 1, p.stderr
    err = p.stderr.splitlines()
    assert err[0] == "npc-batch: line 1 exit 0" and err[-1] == "npc-batch: line 3 exit 0", err
    assert "empty sequence" in err[1] and err[2] == "npc-batch: line 2 exit 1", err
    npc_harness.assert_same(np.load(tmp_path / "a.npy"), kernel.numpy(X64, m64))
    npc_harness.assert_same(np.load(tmp_path / "c.npy"), kernel.numpy(X32, m32))
    assert not (tmp_path / "b.npy").exists()


def test_help_lists_every_overload(kernel):
    assert kernel.signatures == [
        "kmeans(X: float64[:, :], means: float64[:, :]) -> int64[:]",
        "kmeans(X: float32[:, :], means: float32[:, :]) -> int64[:]",
    ]


@pytest.mark.parametrize("n,s", [(np.int64(3), np.float64(0.5)), (-2, np.float64(2.0))])
def test_scalars_from_0d_npy(kernels, n, s):
    # A scalar parameter takes a 0-d .npy of exactly its dtype as well as a literal.
    k = kernels("scalar_args.py")
    x = np.array([1.0, -2.0, 0.5])
    args = [x] + [np.asarray(v) if isinstance(v, np.generic) else v for v in (n, s)]
    expected = k.numpy(x, int(n), float(s))
    r = k.run(args)
    assert r.returncode == 0, r.stderr
    for got, want in zip(r.outputs, expected):
        npc_harness.assert_same(got, want)


def test_float_literal_for_int_parameter_matches_no_overload(kernels):
    k = kernels("scalar_args.py")
    r = k.run([np.ones(2), 2.5, 1.0])
    assert r.returncode == 1 and "no overload" in r.stderr
