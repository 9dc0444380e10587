#!/usr/bin/env bash
# Runs npc's CUDA output on a machine with a GPU, nvcc, python3 and NumPy (npc's own build
# dependencies are not needed). Works inside a bundle made by tests/gpu/prepare.sh: it
# builds the generated sources with nvcc (in parallel), runs the runtime's device test
# (runtime_test.cu), checks every case of cases.json and e2e_cases.json against NumPy
# (check.py, several cases at a time), and benchmarks the K-Means sample on 20 M points
# (bench.py).
# The drivers (<module>_main.cu, no device code) are compiled as C++ (nvcc -x c++), which
# takes half the time. About 90 modules: a few minutes on a 16-core H100/H200 machine.
#
#   bash run.sh                  # build, check, benchmark
#   bash run.sh --compile-only   # build only (no GPU needed; for sm_90 unless NPC_CUDA_ARCH)
#   NVCC=.../tests/cuda/emu/nvcc-emu bash run.sh --emulate
#                                # build with g++ and npc's CPU emulation of CUDA and check
#                                # the cases (no GPU needed; no benchmark; not run by CI)
#
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc), NPC_CUDA_ARCH
# (default: native, the GPU present), PYTHON (default: python3).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

compile_only=0
emulate=0
[[ ${1:-} == --compile-only ]] && compile_only=1
[[ ${1:-} == --emulate ]] && emulate=1
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
python=${PYTHON:-python3}
arch=${NPC_CUDA_ARCH:-$([[ $compile_only == 1 ]] && echo sm_90 || echo native)}
# --fmad=false: no fused multiply-adds, so float results round like NumPy's (the labels
# of the benchmark must match exactly; see bench.py).
flags=(-std=c++20 -O3 "-arch=$arch" --fmad=false -Xcompiler -Wall,-Wextra)
SECONDS=0

echo "== build ($("$nvcc" --version | tail -1), -arch=$arch)"
rm -rf logs
mkdir -p logs
names=()
compile() { # compile NAME SOURCE OBJECT INCLUDE_DIR [NVCC OPTION...]; the exit status goes
    (       # to logs/NAME.rc
        rc=0
        "$nvcc" "${flags[@]}" "${@:5}" -I"$4" -c "$2" -o "$3" >"logs/$1.log" 2>&1 || rc=$?
        echo "$rc" >"logs/$1.rc"
    ) &
    names+=("$1")
    # At most one compile per core at a time.
    while (($(jobs -rp | wc -l) >= $(nproc))); do
        wait -n || true
    done
}
compile kmeans kmeans/kmeans.cu kmeans/kmeans.o kmeans
compile kmeans_main kmeans/kmeans_main.cu kmeans/kmeans_main.o kmeans -x c++
compile runtime_test kmeans/runtime_test.cu kmeans/runtime_test.o kmeans
((emulate)) || compile kmeans_bench kmeans_bench.cu kmeans_bench.o kmeans
cases=()
modules=()
for d in cases/*/; do
    d=${d%/}
    # A case directory holds <module>.cu and its driver <module>_main.cu.
    main=$(compgen -G "$d/*_main.cu" | head -1) || continue
    m=$(basename "$main" _main.cu)
    cases+=("$d")
    modules+=("$m")
    c=$(basename "$d")
    compile "$c" "$d/$m.cu" "$d/$m.o" "$d"
    compile "${c}_main" "$d/${m}_main.cu" "$d/${m}_main.o" "$d" -x c++
done
wait
failed=0
for n in "${names[@]}"; do
    if [[ $(cat "logs/$n.rc") != 0 ]]; then
        echo "FAILED to compile $n:"
        cat "logs/$n.log"
        failed=1
    elif [[ -s logs/$n.log ]]; then
        echo "warnings compiling $n:"
        cat "logs/$n.log"
    fi
done
((failed == 0)) || exit 1
"$nvcc" "-arch=$arch" kmeans/kmeans.o kmeans/kmeans_main.o -o kmeans/kmeans_gpu
"$nvcc" "-arch=$arch" kmeans/runtime_test.o -o kmeans/runtime_test
((emulate)) || "$nvcc" "-arch=$arch" kmeans_bench.o kmeans/kmeans.o -o kmeans_bench
for i in "${!cases[@]}"; do
    d=${cases[$i]}
    m=${modules[$i]}
    "$nvcc" "-arch=$arch" "$d/$m.o" "$d/${m}_main.o" -o "$d/${m}_gpu"
done
echo "built kmeans, kmeans_bench, runtime_test and ${#cases[@]} case drivers in ${SECONDS}s"
if ((compile_only)); then
    exit 0
fi

status=0
if ((!emulate)); then
    echo "== GPU"
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
fi
echo "== runtime device test (runtime_test.cu)"
kmeans/runtime_test || status=1
if ((emulate)); then
    echo "== cases on the CPU emulation of CUDA (check.py)"
else
    echo "== cases (check.py)"
fi
"$python" check.py || status=1
if ((!emulate)); then
    echo "== K-Means benchmark (bench.py)"
    "$python" bench.py || status=1
fi
echo "== done in ${SECONDS}s: $([[ $status == 0 ]] && echo ALL OK || echo FAILURES)"
exit $status
