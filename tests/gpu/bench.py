"""K-Means assignment step on the GPU: NumPy (CPU, one call at a time) vs npc's CUDA output
through its host entry point (`kmeans`, copies the inputs in and the labels out on every
call; timed by the driver's --repeat) and its device entry point (`kmeans_device` on data
already on the GPU; timed with CUDA events by kmeans_bench). Same data as
bench/kmeans_bench.py: standard-normal 2-D points, seed 0. Labels must equal NumPy's
exactly (the bundle is built with --fmad=false, as the OpenMP bench uses
-ffp-contract=off). Run by run.sh from the bundle's root; needs python3 and NumPy.

    python3 bench.py [--points 20000000] [--clusters 5] [--repeat 3] [--gpu-repeat 20]
"""
import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent


def kmeans(X, means):
    return np.argmin(np.linalg.norm(X - means[:, None], axis=2), axis=0)


def time_numpy(X, means, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        labels = kmeans(X, means)
        times.append(time.perf_counter() - start)
    return statistics.median(times), labels


def npc_time(command):
    run = subprocess.run([str(c) for c in command], capture_output=True, text=True, timeout=240)
    if run.returncode != 0:
        sys.exit(f"{command[0]} failed (exit {run.returncode}):\n{run.stderr}")
    match = re.search(r"npc-time min_s=(\S+) median_s=(\S+) runs=(\d+)", run.stderr)
    if not match:
        sys.exit(f"no npc-time line in the output of {command[0]}:\n{run.stderr}")
    return float(match.group(2))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=20_000_000)
    parser.add_argument("--clusters", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3, help="NumPy calls (median)")
    parser.add_argument("--gpu-repeat", type=int, default=20, help="npc calls (median)")
    args = parser.parse_args()

    rng = np.random.default_rng(0)
    print(f"K-Means step, {args.points:,} points x 2, {args.clusters} clusters; medians of "
          f"{args.repeat} NumPy and {args.gpu_repeat} npc calls")
    print(f"{'dtype':8} {'numpy s':>9} {'host s':>9} {'device s':>9} {'host x':>8} "
          f"{'device x':>9}")
    failed = False
    with tempfile.TemporaryDirectory(prefix="npc-gpu-bench-") as tmp:
        tmp = Path(tmp)
        for dtype in (np.float64, np.float32):
            X = rng.standard_normal((args.points, 2)).astype(dtype)
            means = rng.standard_normal((args.clusters, 2)).astype(dtype)
            x_path, means_path = tmp / "X.npy", tmp / "means.npy"
            np.save(x_path, X)
            np.save(means_path, means)
            t_np, expected = time_numpy(X, means, args.repeat)
            host_out, device_out = tmp / "labels_host.npy", tmp / "labels_device.npy"
            t_host = npc_time([ROOT / "kmeans" / "kmeans_gpu", x_path, means_path, "-o", host_out,
                               "--repeat", args.gpu_repeat])
            t_device = npc_time([ROOT / "kmeans_bench", x_path, means_path, args.gpu_repeat,
                                 device_out])
            name = np.dtype(dtype).name
            for what, path in (("host", host_out), ("device", device_out)):
                labels = np.load(path)
                if labels.dtype != expected.dtype or not np.array_equal(labels, expected):
                    bad = np.count_nonzero(labels != expected) if labels.shape == expected.shape \
                        else "all"
                    print(f"FAIL {name}: {what} entry point labels differ from NumPy's ({bad})")
                    failed = True
            print(f"{name:8} {t_np:9.4f} {t_host:9.4f} {t_device:9.6f} {t_np / t_host:7.1f}x "
                  f"{t_np / t_device:8.1f}x")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
