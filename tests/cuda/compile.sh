#!/usr/bin/env bash
# Compile test of `npc transpile --target cuda` (needs nvcc, not a GPU): transpiles
# samples/kmeans.py and tests/cuda/kernels.py with --emit-main and builds each with nvcc,
# warnings as errors, for sm_90 (H100/H200) and for nvcc's default architecture. The
# driver (<module>_main.cu, host code only) is compiled once per module and linked with
# both; the header is also compiled by the host C++ compiler alone (it has no device code).
#
# Usage: compile.sh NPC NVCC SOURCE_DIR WORK_DIR
set -euo pipefail

npc=$1
nvcc=$2
src=$3
work=$4

# -Werror all-warnings turns nvcc's own diagnostics and the host compiler's into errors.
flags=(-std=c++20 -O2 -Xcompiler -Wall,-Wextra -Werror all-warnings)

rm -rf "$work"
mkdir -p "$work"
modules=()
for py in "$src/samples/kmeans.py" "$src/tests/cuda/kernels.py"; do
    m=$(basename "$py" .py)
    "$npc" transpile "$py" --target cuda --emit-main -o "$work/$m"
    for f in "$m.cuh" "$m.cu" "${m}_main.cu" npc/cuda.h; do
        [[ -f "$work/$m/$f" ]] || { echo "error: npc did not write $m/$f" >&2; exit 1; }
    done
    grep -q '__global__' "$work/$m/$m.cu" || { echo "error: $m.cu has no kernel" >&2; exit 1; }
    grep -q 'npc::cuda::check_launch' "$work/$m/$m.cu" ||
        { echo "error: $m.cu launches are unchecked" >&2; exit 1; }
    modules+=("$m")
done
# The shapes of output the kernels must take (see codegen/CudaKernels.h).
expect() { # expect FILE COUNT PATTERN: PATTERN occurs on COUNT lines ("+" for at least one)
    local n
    n=$(grep -cF -- "$3" "$work/$1" || true)
    if [[ $2 == + && $n -ge 1 ]] || [[ $n == "$2" ]]; then
        return 0
    fi
    echo "error: $1 has '$3' on $n lines, expected $2" >&2
    exit 1
}
expect kmeans/kmeans.cu 2 "__global__ void __launch_bounds__(npc::cuda::kBlockSize)" # fused: 1 per overload
expect kmeans/kmeans.cu 0 "<<<1, 1>>>"
expect kmeans/kmeans.cu 2 "for (int64_t i = npc::cuda::thread_index(); i < X_shape0; i += npc::cuda::thread_count())"
expect kmeans/kmeans.cuh 2 "npc::cuda::DeviceArray<int64_t, 1> kmeans_device("
expect kernels/kernels.cu + "npc::cuda::block_reduce_into<npc::cuda::Plus>"
expect kernels/kernels.cu + "npc::cuda::block_reduce_into<npc::cuda::Times>"
expect kernels/kernels.cu + "<<<1, 1>>>"
expect kernels/kernels.cu + "npc::cuda::quiet_nan<double>()"

# All compiles run in parallel; each logs to its own file, shown on failure.
pids=()
names=()
start() { # start NAME COMMAND...
    local name=$1
    shift
    ("$@") >"$work/$name.log" 2>&1 &
    pids+=($!)
    names+=("$name")
}
for m in "${modules[@]}"; do
    d="$work/$m"
    start "$m-main" "$nvcc" "${flags[@]}" -I"$d" -c "$d/${m}_main.cu" -o "$d/main.o"
    start "$m-sm_90" "$nvcc" "${flags[@]}" -arch=sm_90 -I"$d" -c "$d/$m.cu" -o "$d/sm_90.o"
    start "$m-default" "$nvcc" "${flags[@]}" -I"$d" -c "$d/$m.cu" -o "$d/default.o"
done
cuda_include="$(dirname "$(readlink -f "$nvcc")")/../include"
if command -v c++ >/dev/null && [[ -f "$cuda_include/cuda_runtime_api.h" ]]; then
    printf '#include "kmeans.cuh"\n' >"$work/host_include.cpp"
    start host-include c++ -std=c++20 -Wall -Wextra -Wpedantic -Werror -fsyntax-only \
        -I"$work/kmeans" -I"$cuda_include" "$work/host_include.cpp"
fi

failed=0
for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then
        echo "FAILED: ${names[$i]}" >&2
        cat "$work/${names[$i]}.log" >&2
        failed=1
    elif [[ -s "$work/${names[$i]}.log" ]]; then
        echo "unexpected output from ${names[$i]}:" >&2
        cat "$work/${names[$i]}.log" >&2
        failed=1
    fi
done
[[ $failed == 0 ]] || exit 1

for m in "${modules[@]}"; do
    d="$work/$m"
    for arch in sm_90 default; do
        "$nvcc" $([[ $arch == default ]] || echo "-arch=$arch") "$d/$arch.o" "$d/main.o" \
            -o "$d/${m}_$arch"
        # --help touches no GPU: the program links and starts.
        "$d/${m}_$arch" --help >/dev/null
    done
done
echo "cuda compile test: ${modules[*]} built for sm_90 and the default architecture"
