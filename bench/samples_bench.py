"""The samples/ kernels: NumPy vs npc (OpenMP C++) on 1 thread and on all threads.

The kernels of bench/kernels/ (building blocks such as whole-array reductions) run too.
For each, transpiles it with npc, builds the generated C++ with g++ -O3 -fopenmp,
checks one call against NumPy (results and in-place updated arguments, rtol 1e-9), then
times both in this one script on the same data: NumPy with time.perf_counter, npc through
the driver's `--repeat` (the call alone, no file I/O). Kernels that update an argument in
place do the same work on every call, so repeated calls time fairly. Prints medians and
ratios (NumPy time / npc time).

    .venv/bin/python bench/samples_bench.py [--repeat 5] [--only heat2d,nbody]
"""
import argparse
import importlib.util
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
CXX = ["g++", "-std=c++20", "-O3", "-march=native", "-fno-math-errno", "-ffp-contract=off",
       "-fopenmp"]


def inputs(rng):
    """Name -> arguments (sizes where NumPy takes 0.1-2 s a call; 0.03 s for whole_array,
    which reads 80 MB, and vector_sums, 160 MB; mask_update updates half of 10 M; joins
    joins two 10 M arrays; row_sorts sorts 2000 rows of 2000, long_sort one 4 M array;
    interpolate looks 4 M points up in a table of 1000;
    contractions crosses 2 M pairs of 3-vectors; filters convolves 4 M samples with 31
    taps and correlates them with 64)."""
    grid = np.zeros((1000, 1000))
    grid[0, :] = 1.0
    return {
        "heat2d": [rng.uniform(size=(1000, 1000)), 0.2, 20],
        "pairwise": [rng.normal(size=(2000, 3)), rng.normal(size=(2000, 3))],
        "softmax": [rng.normal(size=(2000, 2000))],
        "nbody": [rng.normal(size=(500, 3)), rng.normal(size=(500, 3)) * 0.1,
                  rng.uniform(0.5, 1.5, size=500), 0.01, 5],
        "clip_stats": [rng.normal(size=10_000_000), -0.5, 1.0],
        "mandelbrot": [np.linspace(-2.0, 0.5, 60), np.linspace(-1.2, 1.2, 40), 100],
        "jacobi": [grid, 1e-12, 50],
        "whole_array": [rng.normal(size=(20_000, 500))],
        "vector_sums": [rng.normal(size=10_000_000), rng.normal(size=10_000_000)],
        "mask_update": [rng.normal(size=10_000_000), rng.normal(size=10_000_000),
                        rng.uniform(size=10_000_000) < 0.5],
        "joins": [rng.normal(size=10_000_000), rng.normal(size=10_000_000)],
        "row_sorts": [rng.normal(size=(2000, 2000))],
        "long_sort": [rng.normal(size=4_000_000)],
        "interpolate": [rng.uniform(-0.1, 1.1, size=4_000_000), np.sort(rng.uniform(size=1000)),
                        rng.normal(size=1000)],
        "contractions": [rng.normal(size=(2_000_000, 3)), rng.normal(size=(2_000_000, 3))],
        "filters": [rng.uniform(size=4_000_000), rng.uniform(size=31), rng.uniform(size=64)],
    }


def source(name):
    """samples/<name>.py, else bench/kernels/<name>.py."""
    sample = ROOT / "samples" / f"{name}.py"
    return sample if sample.exists() else ROOT / "bench" / "kernels" / f"{name}.py"


def load(name):
    spec = importlib.util.spec_from_file_location(name, source(name))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def build(npc, name, out):
    subprocess.run([str(npc), "transpile", str(source(name)), "-o", str(out),
                    "--emit-main"], check=True)
    exe = out / name
    subprocess.run([*CXX, f"-I{out}", str(out / f"{name}.cpp"), str(out / f"{name}_main.cpp"),
                    "-o", str(exe)], check=True)
    return exe


def argv(exe, args, d):
    out = [str(exe)]
    for i, a in enumerate(args):
        if isinstance(a, np.ndarray):
            np.save(d / f"arg{i}.npy", a)
            out.append(str(d / f"arg{i}.npy"))
        else:
            out.append(repr(a) if isinstance(a, float) else str(a))
    return out


def check(exe, fn, args, d):
    """One call of each, results and in-place updated arguments compared."""
    copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    want = fn(*copies)
    want = list(want) if isinstance(want, tuple) else [want]
    outs = [d / f"out{i}.npy" for i in range(len(want))]
    cmd = argv(exe, args, d) + sum((["-o", str(o)] for o in outs), []) + \
        ["--save-args", str(d / "after")]
    subprocess.run(cmd, check=True, capture_output=True)
    for o, w in zip(outs, want):
        np.testing.assert_allclose(np.load(o), w, rtol=1e-9)
    for i, a in enumerate(copies):
        if isinstance(a, np.ndarray):
            np.testing.assert_allclose(np.load(d / "after" / f"arg{i}.npy"), a, rtol=1e-9)
    return len(want)


def time_numpy(fn, args, repeat):
    times = []
    for _ in range(repeat):
        copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        start = time.perf_counter()
        fn(*copies)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def time_npc(exe, args, d, n_results, threads, repeat):
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), OMP_PROC_BIND="true")
    outs = sum((["-o", str(d / f"t{i}.npy")] for i in range(n_results)), [])
    run = subprocess.run(argv(exe, args, d) + outs + ["--repeat", str(repeat)], env=env,
                         check=True, capture_output=True, text=True)
    match = re.search(r"npc-time min_s=(\S+) median_s=(\S+) runs=(\d+)", run.stderr)
    if not match:
        sys.exit(f"no npc-time line in the driver's output:\n{run.stderr}")
    return float(match.group(2))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", default="", help="comma-separated sample names")
    parser.add_argument("--npc", default=str(ROOT / "build" / "cmd" / "npc"))
    opts = parser.parse_args()
    cases = inputs(np.random.default_rng(0))
    names = [n for n in cases if not opts.only or n in opts.only.split(",")]
    threads = os.cpu_count()
    print(f"{'sample':<12} {'numpy_s':>9} {'npc_1t_s':>9} {'ratio_1t':>8} "
          f"{'npc_{}t_s'.format(threads):>9} {'ratio_{}t'.format(threads):>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            d = Path(tmp) / name
            d.mkdir()
            exe = build(Path(opts.npc), name, d / "gen")
            fn, args = load(name), cases[name]
            n_results = check(exe, fn, args, d)
            t_np = time_numpy(fn, args, opts.repeat)
            t1 = time_npc(exe, args, d, n_results, 1, opts.repeat)
            tn = time_npc(exe, args, d, n_results, threads, opts.repeat)
            print(f"{name:<12} {t_np:9.4f} {t1:9.4f} {t_np / t1:7.1f}x {tn:9.4f} {t_np / tn:7.1f}x",
                  flush=True)


if __name__ == "__main__":
    main()
