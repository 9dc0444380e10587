#!/usr/bin/env bash
# Makes the bundle that tests/gpu/run.sh runs on a GPU machine (which needs nvcc, python3
# and NumPy, not npc's build dependencies): samples/kmeans.py, every function of
# tests/cuda/kernels.py and the samples with control flow (make_cases.py's SAMPLES)
# transpiled with --target cuda --emit-main (runtime headers included), small .npy inputs with cases.json (tests/gpu/make_cases.py), and the scripts
# and benchmark source. The bundle is a few MB; the benchmark's 20 M points are generated
# on the GPU machine.
#
#   bash tests/gpu/prepare.sh [BUNDLE]     # default: gpu_bundle/ (git-ignored)
#   bash gpu_bundle/run.sh --compile-only  # here: builds everything run.sh builds (sm_90)
#   bash gpu_bundle/run.sh                 # there: build, check against NumPy, benchmark
#
# Environment: NPC_BIN (default build/cmd/npc), PYTHON (default .venv/bin/python, else
# python3; needs NumPy).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
bundle=${1:-$root/gpu_bundle}
npc=${NPC_BIN:-$root/build/cmd/npc}
python=${PYTHON:-$root/.venv/bin/python}
[[ -x $python ]] || python=python3

[[ -x $npc ]] || { echo "prepare.sh: no npc at $npc (build it first)" >&2; exit 1; }
rm -rf "$bundle"
mkdir -p "$bundle"
"$npc" transpile "$root/samples/kmeans.py" --target cuda --emit-main -o "$bundle/kmeans"
"$python" "$root/tests/gpu/make_cases.py" --npc "$npc" --kernels "$root/tests/cuda/kernels.py" \
    --samples "$root/samples" --out "$bundle"
cp "$root/tests/gpu/run.sh" "$root/tests/gpu/check.py" "$root/tests/gpu/bench.py" \
    "$root/tests/gpu/kmeans_bench.cu" "$bundle/"
echo "prepare.sh: wrote $bundle ($(du -sh "$bundle" | cut -f1)); run: bash $bundle/run.sh"
