#!/usr/bin/env bash
# Compile test of `npc transpile --target cuda` (needs nvcc, not a GPU): every sample
# (samples/*.py), every end-to-end kernel (tests/e2e/kernels/*.py) and tests/cuda/kernels.py
# is transpiled with --target cuda --emit-main and built as a user builds it, with nvcc,
# warnings as errors, for sm_90 (H100/H200) and for nvcc's default architecture; the program
# is linked and must start (`--help` touches no GPU).
#
# To keep CI fast (nvcc's fixed cost per translation unit is ~10 s of CPU here, nearly all
# of it spent on headers):
# - the samples and tests/cuda/kernels.py are built one by one, as a user builds them; the
#   end-to-end kernels in batches of NPC_CUDA_BATCH (default 10) modules per translation
#   unit (see build_batch below);
# - <module>.cu is compiled ONCE for both architectures (two -gencode options: the host code
#   is compiled once, the device code by cicc and ptxas once per architecture, each with its
#   own warnings), so one object and one link serve both;
# - the driver <module>_main.cu has no device code, so nvcc compiles it as C++ (`-x c++`:
#   the host compiler alone, with CUDA's include directory), which also checks that
#   <module>.cuh is plain C++ (-Wpedantic) that programs built without nvcc can include;
# - modules and batches build in parallel, NPC_CUDA_JOBS (default 2) at a time.
#
# A file npc rejects for both targets (exit 1 with a located error on --target cuda and on
# the OpenMP target: a diagnostics test) is skipped and listed; one it rejects for CUDA only
# is a failure. Files that do not transpile or build for CUDA yet match a pattern of
# KNOWN_FAILURES below, with the reason; one of them that builds is a failure too (remove
# its pattern from the list).
#
# Usage: compile.sh NPC NVCC SOURCE_DIR WORK_DIR
set -euo pipefail

npc=$1
nvcc=$2
src=$3
work=$4

# Files (glob patterns relative to SOURCE_DIR) expected not to transpile or build for
# CUDA: why.
declare -A KNOWN_FAILURES=(
    [tests/e2e/kernels/complex_arctrig.py]="np.arcsin/arccos/arctan of complex numbers are OpenMP-only: libcu++'s lose accuracy (a located error on --target cuda)"
    [tests/e2e/kernels/complex_archyp.py]="np.arcsinh/arccosh/arctanh of complex numbers are OpenMP-only, as arcsin (a located error on --target cuda)"
)
known_failure() { # known_failure FILE: prints why FILE is a known failure, else fails
    local pattern
    for pattern in "${!KNOWN_FAILURES[@]}"; do
        # shellcheck disable=SC2053 # a glob match
        if [[ $1 == $pattern ]]; then
            echo "${KNOWN_FAILURES[$pattern]}"
            return 0
        fi
    done
    return 1
}
# npc options some files are built with, as their end-to-end tests build them.
declare -A NPC_FLAGS=(
    [tests/e2e/kernels/default_float.py]="--default-float float32"
)

# -Werror all-warnings turns nvcc's own diagnostics and the host compiler's into errors.
flags=(-std=c++20 -O2 -Xcompiler -Wall,-Wextra -Werror all-warnings)
# nvcc's default architecture, as the -arch of its cicc step (compute_75 for nvcc 13):
# compiling with -gencode for it and for sm_90 is two builds in one.
rm -rf "$work"
mkdir -p "$work"
: >"$work/empty.cu"
default_arch=$("$nvcc" -dryrun -c "$work/empty.cu" -o "$work/empty.o" 2>&1 |
    grep -o -- '-arch compute_[0-9a-z]*' | head -1 | sed 's/.*compute_//') || true
[[ -n $default_arch ]] || { echo "error: cannot tell nvcc's default architecture" >&2; exit 1; }
archs=(-gencode "arch=compute_90,code=[sm_90,compute_90]"
    -gencode "arch=compute_$default_arch,code=[sm_$default_arch,compute_$default_arch]")

# Transpile every file into WORK/<group>/<file stem>/ (groups: samples, e2e, cuda).
sources=("$src"/samples/*.py "$src"/tests/e2e/kernels/*.py "$src/tests/cuda/kernels.py")
dirs=()     # one per module to build
skipped=()  # rejected by npc on both targets
known=()    # known failures, with the reason
failed=0
for py in "${sources[@]}"; do
    rel=${py#"$src"/}
    case $rel in
        samples/*) group=samples ;;
        tests/e2e/*) group=e2e ;;
        *) group=cuda ;;
    esac
    d="$work/$group/$(basename "$py" .py)"
    mkdir -p "$work/$group"
    read -ra extra <<<"${NPC_FLAGS[$rel]:-}"
    rc=0
    "$npc" transpile "$py" --target cuda --emit-main "${extra[@]}" -o "$d" \
        >"$d.npc.log" 2>&1 || rc=$?
    if ((rc != 0)); then
        rc_cpp=0
        "$npc" transpile "$py" --emit-main "${extra[@]}" -o "$d.cpp" >/dev/null 2>&1 ||
            rc_cpp=$?
        if ((rc == 1 && rc_cpp == 1)); then
            skipped+=("$rel")
        elif why=$(known_failure "$rel"); then
            known+=("$rel: $why")
        else
            echo "FAILED: npc --target cuda exits $rc on $rel (the OpenMP target: $rc_cpp):" >&2
            cat "$d.npc.log" >&2
            failed=1
        fi
        continue
    fi
    main=$(compgen -G "$d/*_main.cu" | head -1) ||
        { echo "error: npc wrote no <module>_main.cu for $rel" >&2; exit 1; }
    m=$(basename "$main" _main.cu)
    for f in "$m.cuh" "$m.cu" npc/cuda.h; do
        [[ -f "$d/$f" ]] || { echo "error: npc did not write $f for $rel" >&2; exit 1; }
    done
    if grep -q '__global__' "$d/$m.cu" && ! grep -q 'npc::cuda::check_launch' "$d/$m.cu"; then
        echo "error: $rel: $m.cu launches are unchecked" >&2
        exit 1
    fi
    echo "$rel" >"$d.source"
    dirs+=("$d")
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
expect samples/kmeans/kmeans.cu 2 "__global__ void __launch_bounds__(npc::cuda::kBlockSize)" # fused: 1 per overload
expect samples/kmeans/kmeans.cu 0 "<<<1, 1>>>"
expect samples/kmeans/kmeans.cu 2 "for (int64_t i = npc::cuda::thread_index(); i < X_shape0; i += npc::cuda::thread_count())"
expect samples/kmeans/kmeans.cuh 2 "npc::cuda::DeviceArray<int64_t, 1> kmeans_device("
expect cuda/kernels/kernels.cu + "npc::cuda::block_reduce_into<npc::cuda::Plus>"
expect cuda/kernels/kernels.cu + "npc::cuda::block_reduce_into<npc::cuda::Times>"
expect cuda/kernels/kernels.cu + "<<<1, 1>>>"
expect cuda/kernels/kernels.cu + "npc::cuda::quiet_nan<double>()"
expect cuda/kernels/kernels.cu + "npc::cuda::block_arg_reduce<false>(" # whole-array argmax
# Python control flow stays on the host; the stages inside it are kernel launches.
expect samples/heat2d/heat2d.cu 2 "for (int64_t _iter_py = 0; _iter_py < trips; ++_iter_py) {" # 1 per overload
expect samples/heat2d/heat2d.cu 6 "<<<npc::cuda::grid_size(" # 2 in the loop, 1 copy: per overload
expect samples/heat2d/heat2d.cu 0 "<<<1, 1>>>"
expect samples/heat2d/heat2d.cu 2 "[&] { u_device.copy_back(); }" # u is updated in place
expect samples/jacobi/jacobi.cu 1 "for (;;) {"
expect samples/jacobi/jacobi.cu + "= npc::cuda::scalar_to_host(" # the loop condition, on the host
expect samples/jacobi/jacobi.cu 1 "break;"
expect samples/clip_stats/clip_stats.cu 1 "npc::cuda::block_reduce_into<npc::cuda::Plus>(count2_data, count2);"
expect samples/clip_stats/clip_stats.cu 1 "if (result_host0) {"
expect samples/mandelbrot/mandelbrot.cu 1 "    for (int64_t i_iter = 0; i_iter < trips; ++i_iter) {" # host
expect samples/mandelbrot/mandelbrot.cu 1 "        for (int64_t j_iter = 0; j_iter < trips2; ++j_iter) {"
expect samples/mandelbrot/mandelbrot.cu 1 "            for (;;) {"
expect samples/nbody/nbody.cu 1 "for (int64_t step_iter = 0; step_iter < trips; ++step_iter) {"
expect samples/nbody/nbody.cu 0 "<<<1, 1>>>"
# Several results reach the host entry point as struct members: nvcc's front end compiles
# std::get<I> of a std::tuple in time exponential in its size (88 s at 26 elements, over
# 5 min at 38).
expect e2e/expressions/expressions.cu 0 "std::get<"
expect e2e/expressions/expressions.cu 1 "const auto results = expressions_device_results(x_device, y_device, a_device, b_device);"
# An argument no kernel reads is cast to void in the device entry point (-Wunused-parameter).
expect e2e/unused_argument/unused_argument.cu 1 "(void)z; // not read by the computation"

# build DIR: compiles <module>.cu (both architectures) and the driver, links, runs --help.
# Any output of a step (a warning nvcc does not count as one) fails the build.
build() {
    local d=$1 m
    m=$(basename "$(compgen -G "$d/*_main.cu" | head -1)" _main.cu)
    "$nvcc" "${flags[@]}" "${archs[@]}" -I"$d" -c "$d/$m.cu" -o "$d/$m.o" &&
        "$nvcc" "${flags[@]}" -Xcompiler -Wpedantic -x c++ -I"$d" -c "$d/${m}_main.cu" -o "$d/${m}_main.o" &&
        "$nvcc" "${archs[@]}" "$d/$m.o" "$d/${m}_main.o" -o "$d/$m" &&
        "$d/$m" --help >/dev/null
}

# The end-to-end kernels are built in batches: nearly all of nvcc's ~10 s per translation
# unit (and the driver's ~5 s) is spent on the runtime and standard headers, and 80 modules
# one by one took most of an hour of CI. A batch is one translation unit that #includes the
# <module>.cu of each of its modules (each module is its own namespace), built as above, and
# one driver translation unit that #includes each <module>_main.cu with `main` renamed, plus
# a main() that runs the module named by its first argument; the program then runs
# `<module> --help` for each module. The samples and tests/cuda/kernels.py are still built
# one by one, exactly as a user builds them. The modules of a batch share one copy of the
# runtime headers (include guards would also make a second copy harmless): every module's
# npc/ must be identical to it (checked) and is removed.
runtime="$work/runtime"
shared_runtime() { # shared_runtime DIR: checks DIR/npc against $runtime/npc and removes it
    local d=$1 f
    while IFS= read -r f; do
        if [[ -f $runtime/$f ]]; then
            cmp -s "$d/$f" "$runtime/$f" ||
                { echo "error: $d/$f differs from the other modules' copy" >&2; return 1; }
        else
            mkdir -p "$(dirname "$runtime/$f")"
            cp "$d/$f" "$runtime/$f"
        fi
    done < <(cd "$d" && find npc -type f)
    rm -rf "$d/npc"
}
batch_size=${NPC_CUDA_BATCH:-10}
batch_modules=() # per batch: its module directories, space-separated
singles=()       # built one by one
pending=()
for d in "${dirs[@]}"; do
    rel=$(cat "$d.source")
    if [[ $rel == tests/e2e/* ]] && ! known_failure "$rel" >/dev/null; then
        shared_runtime "$d" || exit 1
        pending+=("$d")
        if ((${#pending[@]} == batch_size)); then
            batch_modules+=("${pending[*]}")
            pending=()
        fi
    else
        singles+=("$d")
    fi
done
((${#pending[@]} == 0)) || batch_modules+=("${pending[*]}")

# build_batch DIR MODULE_DIR...: the batch's two translation units in DIR, linked, and
# `<module> --help` run for each module.
build_batch() {
    local b=$1 d m i=0
    shift
    mkdir -p "$b"
    {
        echo "// The device code of ${#@} modules, as one translation unit (see compile.sh)."
        for d in "$@"; do
            m=$(basename "$(compgen -G "$d/*_main.cu" | head -1)" _main.cu)
            echo "#include \"$d/$m.cu\""
        done
    } >"$b/batch.cu"
    {
        echo "// The drivers of ${#@} modules, as one translation unit (see compile.sh)."
        for d in "$@"; do
            m=$(basename "$(compgen -G "$d/*_main.cu" | head -1)" _main.cu)
            echo "#define main npc_main_$i"
            echo "#include \"$d/${m}_main.cu\""
            echo "#undef main"
            i=$((i + 1))
        done
        echo "#include <cstring>"
        echo "int main(int argc, char **argv) { // batch MODULE [ARGS...]: MODULE's main"
        echo "    if (argc < 2) return 2;"
        i=0
        for d in "$@"; do
            m=$(basename "$(compgen -G "$d/*_main.cu" | head -1)" _main.cu)
            echo "    if (std::strcmp(argv[1], \"$m\") == 0) return npc_main_$i(argc - 1, argv + 1);"
            i=$((i + 1))
        done
        echo "    return 2;"
        echo "}"
    } >"$b/batch_main.cc"
    "$nvcc" "${flags[@]}" "${archs[@]}" -I"$runtime" -c "$b/batch.cu" -o "$b/batch.o" &&
        "$nvcc" "${flags[@]}" -Xcompiler -Wpedantic -x c++ -I"$runtime" -c "$b/batch_main.cc" \
            -o "$b/batch_main.o" &&
        "$nvcc" "${archs[@]}" "$b/batch.o" "$b/batch_main.o" -o "$b/batch" || return 1
    for d in "$@"; do
        m=$(basename "$(compgen -G "$d/*_main.cu" | head -1)" _main.cu)
        "$b/batch" "$m" --help >/dev/null || { echo "error: $m --help failed" >&2; return 1; }
    done
}

# Builds run in the background, at most $jobs at a time; each logs to X.log and writes its
# exit status to X.rc (X: the module's directory, or the batch's).
jobs=${NPC_CUDA_JOBS:-2}
targets=()
for ((k = 0; k < ${#batch_modules[@]}; ++k)); do
    targets+=("batch:$k")
done
targets+=("${singles[@]}")
for t in "${targets[@]}"; do
    (
        rc=0
        if [[ $t == batch:* ]]; then
            k=${t#batch:}
            read -ra mods <<<"${batch_modules[$k]}"
            build_batch "$work/batch$k" "${mods[@]}" >"$work/batch$k.log" 2>&1 || rc=$?
            echo "$rc" >"$work/batch$k.rc"
        else
            build "$t" >"$t.log" 2>&1 || rc=$?
            echo "$rc" >"$t.rc"
        fi
    ) &
    while (($(jobs -rp | wc -l) >= jobs)); do
        wait -n || true
    done
done
wait
# batch_of[DIR]: the batch a module was built in.
declare -A batch_of=()
for ((k = 0; k < ${#batch_modules[@]}; ++k)); do
    read -ra mods <<<"${batch_modules[$k]}"
    for d in "${mods[@]}"; do
        batch_of[$d]=$k
    done
done
declare -A batch_reported=()

built=0
for d in "${dirs[@]}"; do
    rel=$(cat "$d.source")
    if [[ -n ${batch_of[$d]:-} ]]; then
        k=${batch_of[$d]}
        rc=$(cat "$work/batch$k.rc" 2>/dev/null || echo none)
        if [[ $rc == 0 && ! -s $work/batch$k.log ]]; then
            built=$((built + 1))
        elif [[ -z ${batch_reported[$k]:-} ]]; then
            batch_reported[$k]=1
            read -ra mods <<<"${batch_modules[$k]}"
            echo "FAILED: batch $k ($work/batch$k), of:" >&2
            for m in "${mods[@]}"; do echo "  $(cat "$m.source")" >&2; done
            cat "$work/batch$k.log" >&2
            failed=1
        fi
        continue
    fi
    rc=$(cat "$d.rc" 2>/dev/null || echo none)
    ok=0
    [[ $rc == 0 && ! -s $d.log ]] && ok=1
    if why=$(known_failure "$rel"); then
        if ((ok)); then
            echo "FAILED: $rel builds now: take it off KNOWN_FAILURES in $0" >&2
            failed=1
        else
            known+=("$rel: $why")
        fi
    elif ((ok)); then
        built=$((built + 1))
    else
        [[ $rc == 0 ]] && echo "FAILED (warnings): $rel" >&2 || echo "FAILED: $rel" >&2
        cat "$d.log" >&2
        failed=1
    fi
done
for rel in "${skipped[@]}"; do
    echo "skipped (npc rejects it on both targets): $rel"
done
for k in "${known[@]}"; do
    echo "known failure: $k"
done
((failed == 0)) || exit 1
echo "cuda compile test: $built modules built for sm_90 and sm_$default_arch (nvcc's default)," \
    "${#skipped[@]} skipped, ${#known[@]} known failures"
