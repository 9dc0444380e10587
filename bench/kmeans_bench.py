"""K-Means assignment step: NumPy vs npc (OpenMP C++) on 1 thread and on all threads.

Transpiles samples/kmeans.py with npc, builds the generated C++ with g++ -O3 -fopenmp,
and times both in this one script on the same data: NumPy with time.perf_counter, npc
through the driver's `--repeat` (the call alone, no file I/O). Prints medians and
ratios; labels must match NumPy's exactly or the script fails.

    .venv/bin/python bench/kmeans_bench.py [--points 20000000] [--clusters 5] [--repeat 5]
"""
import argparse
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


def kmeans(X, means):
    return np.argmin(np.linalg.norm(X - means[:, None], axis=2), axis=0)


def build(npc: Path, out: Path) -> Path:
    subprocess.run([str(npc), "transpile", str(ROOT / "samples" / "kmeans.py"), "-o", str(out),
                    "--emit-main"], check=True)
    exe = out / "kmeans"
    subprocess.run(["g++", "-std=c++20", "-O3", "-march=native", "-fno-math-errno", "-ffp-contract=off", "-fopenmp", f"-I{out}",
                    str(out / "kmeans.cpp"), str(out / "kmeans_main.cpp"), "-o", str(exe)],
                   check=True)
    return exe


def time_numpy(X, means, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        labels = kmeans(X, means)
        times.append(time.perf_counter() - start)
    return statistics.median(times), labels


def time_npc(exe, inputs, out, threads, repeat):
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), OMP_PROC_BIND="true")
    run = subprocess.run([str(exe), *map(str, inputs), "-o", str(out), "--repeat", str(repeat)],
                         env=env, check=True, capture_output=True, text=True)
    match = re.search(r"npc-time min_s=(\S+) median_s=(\S+) runs=(\d+)", run.stderr)
    if not match:
        sys.exit(f"no npc-time line in the driver's output:\n{run.stderr}")
    return float(match.group(2)), np.load(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=20_000_000)
    parser.add_argument("--clusters", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--npc", type=Path, default=ROOT / "build" / "cmd" / "npc")
    args = parser.parse_args()
    threads = os.cpu_count() or 1

    with tempfile.TemporaryDirectory(prefix="npc-bench-") as tmp:
        tmp = Path(tmp)
        exe = build(args.npc, tmp / "out")
        rng = np.random.default_rng(0)
        print(f"K-Means step, {args.points:,} points x 2, {args.clusters} clusters, "
              f"median of {args.repeat}; {threads} threads available")
        print(f"{'dtype':8} {'numpy s':>9} {'npc 1T s':>9} {'npc {}T s'.format(threads):>9} "
              f"{'1T ratio':>9} {'{}T ratio'.format(threads):>9}")
        for dtype in (np.float64, np.float32):
            X = rng.standard_normal((args.points, 2)).astype(dtype)
            means = rng.standard_normal((args.clusters, 2)).astype(dtype)
            inputs = [tmp / "X.npy", tmp / "means.npy"]
            np.save(inputs[0], X)
            np.save(inputs[1], means)
            t_np, expected = time_numpy(X, means, args.repeat)
            t_1, labels_1 = time_npc(exe, inputs, tmp / "labels.npy", 1, args.repeat)
            t_n, labels_n = time_npc(exe, inputs, tmp / "labels.npy", threads, args.repeat)
            for labels in (labels_1, labels_n):
                if labels.dtype != expected.dtype or not np.array_equal(labels, expected):
                    sys.exit(f"{np.dtype(dtype).name}: npc labels differ from NumPy's")
            print(f"{np.dtype(dtype).name:8} {t_np:9.4f} {t_1:9.4f} {t_n:9.4f} "
                  f"{t_np / t_1:8.1f}x {t_np / t_n:8.1f}x")


if __name__ == "__main__":
    main()
