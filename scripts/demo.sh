#!/usr/bin/env bash
# The main job on real input: sets up, builds npc, transpiles samples/kmeans.py, builds
# the generated C++ with g++ -O3 -fopenmp, runs it on 20 million 2-D points (float64 and
# float32), checks the labels equal NumPy's exactly, and prints NumPy vs npc timings.
# Extra arguments go to bench/kmeans_bench.py (e.g. --points 1000000 --repeat 3).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BUILD_DIR="${BUILD_DIR:-build}"

bash scripts/setup.sh
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD_DIR" -j"$(nproc)" --target npc
.venv/bin/python bench/kmeans_bench.py --npc "$BUILD_DIR/cmd/npc" "$@"
