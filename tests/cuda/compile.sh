#!/usr/bin/env bash
# Compile test of `npc transpile --target cuda` (needs nvcc, not a GPU): transpiles
# samples/kmeans.py and tests/cuda/kernels.py with --emit-main and builds each with nvcc,
# warnings as errors, for sm_90 (H100/H200) and for nvcc's default architecture; the
# samples with Python control flow (loops, while, if, in-place updates) are built for
# sm_90 only. The driver (<module>_main.cu, host code only) is compiled once per module
# and linked; the header is also compiled by the host C++ compiler alone (it has no device
# code). At most NPC_CUDA_JOBS (default 2) compiles run at a time.
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
# Modules built for sm_90 and the default architecture; those with control flow: sm_90.
both_archs=(kmeans kernels)
flow_samples=(heat2d jacobi clip_stats mandelbrot nbody)
sources=("$src/samples/kmeans.py" "$src/tests/cuda/kernels.py")
for m in "${flow_samples[@]}"; do
    sources+=("$src/samples/$m.py")
done
for py in "${sources[@]}"; do
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
# Python control flow stays on the host; the stages inside it are kernel launches.
expect heat2d/heat2d.cu 2 "for (int64_t _iter_py = 0; _iter_py < trips; ++_iter_py) {" # 1 per overload
expect heat2d/heat2d.cu 6 "<<<npc::cuda::grid_size(" # 2 in the loop, 1 copy: per overload
expect heat2d/heat2d.cu 0 "<<<1, 1>>>"
expect heat2d/heat2d.cu 2 "npc::cuda::copy_to_host(u_device, u);" # u is updated in place
expect jacobi/jacobi.cu 1 "for (;;) {"
expect jacobi/jacobi.cu + "= npc::cuda::scalar_to_host(" # the loop condition, on the host
expect jacobi/jacobi.cu 1 "break;"
expect clip_stats/clip_stats.cu 1 "npc::cuda::block_reduce_into<npc::cuda::Plus>(count2_data, count2);"
expect clip_stats/clip_stats.cu 1 "if (result_host0) {"
expect mandelbrot/mandelbrot.cu 1 "    for (int64_t i_iter = 0; i_iter < trips; ++i_iter) {" # host
expect mandelbrot/mandelbrot.cu 1 "        for (int64_t j_iter = 0; j_iter < trips2; ++j_iter) {"
expect mandelbrot/mandelbrot.cu 1 "            for (;;) {"
expect nbody/nbody.cu 1 "for (int64_t step_iter = 0; step_iter < trips; ++step_iter) {"
expect nbody/nbody.cu 0 "<<<1, 1>>>"

# Compiles run in the background, at most $jobs at a time; each logs to its own file and
# writes its exit status to NAME.rc; logs are shown on failure.
jobs=${NPC_CUDA_JOBS:-2}
names=()
start() { # start NAME COMMAND...
    local name=$1
    shift
    (
        rc=0
        "$@" >"$work/$name.log" 2>&1 || rc=$?
        echo "$rc" >"$work/$name.rc"
    ) &
    names+=("$name")
    while (($(jobs -rp | wc -l) >= jobs)); do
        wait -n || true
    done
}
archs_of() { # the architectures module $1 is built for
    if [[ " ${both_archs[*]} " == *" $1 "* ]]; then echo sm_90 default; else echo sm_90; fi
}
for m in "${modules[@]}"; do
    d="$work/$m"
    start "$m-main" "$nvcc" "${flags[@]}" -I"$d" -c "$d/${m}_main.cu" -o "$d/main.o"
    for arch in $(archs_of "$m"); do
        start "$m-$arch" "$nvcc" "${flags[@]}" $([[ $arch == default ]] || echo "-arch=$arch") \
            -I"$d" -c "$d/$m.cu" -o "$d/$arch.o"
    done
done
cuda_include="$(dirname "$(readlink -f "$nvcc")")/../include"
if command -v c++ >/dev/null && [[ -f "$cuda_include/cuda_runtime_api.h" ]]; then
    printf '#include "kmeans.cuh"\n' >"$work/host_include.cpp"
    start host-include c++ -std=c++20 -Wall -Wextra -Wpedantic -Werror -fsyntax-only \
        -I"$work/kmeans" -I"$cuda_include" "$work/host_include.cpp"
fi

wait
failed=0
for n in "${names[@]}"; do
    if [[ $(cat "$work/$n.rc" 2>/dev/null) != 0 ]]; then
        echo "FAILED: $n" >&2
        cat "$work/$n.log" >&2
        failed=1
    elif [[ -s "$work/$n.log" ]]; then
        echo "unexpected output from $n:" >&2
        cat "$work/$n.log" >&2
        failed=1
    fi
done
[[ $failed == 0 ]] || exit 1

for m in "${modules[@]}"; do
    d="$work/$m"
    for arch in $(archs_of "$m"); do
        "$nvcc" $([[ $arch == default ]] || echo "-arch=$arch") "$d/$arch.o" "$d/main.o" \
            -o "$d/${m}_$arch"
        # --help touches no GPU: the program links and starts.
        "$d/${m}_$arch" --help >/dev/null
    done
done
echo "cuda compile test: ${both_archs[*]} built for sm_90 and the default architecture," \
    "${flow_samples[*]} for sm_90"
