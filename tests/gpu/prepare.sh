#!/usr/bin/env bash
# Makes the bundle that tests/gpu/run.sh runs on a GPU machine (which needs nvcc, python3
# and NumPy, not npc's build dependencies), all transpiled with --target cuda --emit-main
# (runtime headers included):
# - samples/kmeans.py (the benchmark), every function of tests/cuda/kernels.py and the
#   samples with control flow (make_cases.py's SAMPLES), with small .npy inputs in
#   cases.json (tests/gpu/make_cases.py; NumPy's results are computed there);
# - every kernel of the end-to-end tests (tests/e2e/kernels/*.py, samples/*.py), with the
#   inputs of their tests and NumPy's results computed here, in e2e_cases.json (the e2e
#   tests run under the tests/gpu/record_e2e.py pytest plugin, no g++ builds: ~1 min);
# - the scripts, the benchmark source and the runtime's device test
#   (tests/cuda/runtime/runtime_test.cu, beside the runtime headers in kmeans/).
# The bundle is some 40 MB; the benchmark's 20 M points are generated on the GPU machine.
#
#   bash tests/gpu/prepare.sh [BUNDLE]     # default: gpu_bundle/ (git-ignored)
#   bash gpu_bundle/run.sh --compile-only  # here: builds everything run.sh builds (sm_90)
#   bash gpu_bundle/run.sh                 # there: build, check against NumPy, benchmark
#
# Environment: NPC_BIN (default build/cmd/npc), PYTHON (default .venv/bin/python, else
# python3; needs NumPy 2.x, and pytest for the end-to-end cases).
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
# The test outcomes do not matter here (see record_e2e.py); its summary line does.
NPC_BIN=$npc NPC_GPU_RECORD=$bundle PYTHONPATH="$root/tests/gpu" "$python" -m pytest \
    -p record_e2e -p no:xdist -p no:cacheprovider -q "$root/tests/e2e" \
    >"$bundle/record_e2e.log" 2>&1 || true
grep '^record_e2e:' "$bundle/record_e2e.log" ||
    { cat "$bundle/record_e2e.log" >&2; echo "prepare.sh: recording the e2e cases failed" >&2; exit 1; }
cp "$root/tests/gpu/run.sh" "$root/tests/gpu/check.py" "$root/tests/gpu/bench.py" \
    "$root/tests/gpu/kmeans_bench.cu" "$bundle/"
cp "$root/tests/cuda/runtime/runtime_test.cu" "$bundle/kmeans/"
echo "prepare.sh: wrote $bundle ($(du -sh "$bundle" | cut -f1)); run: bash $bundle/run.sh"
