#!/usr/bin/env bash
# Runs npc's CUDA output on a machine with a GPU, nvcc, python3 and NumPy (npc's own build
# dependencies are not needed). Works inside a bundle made by tests/gpu/prepare.sh. First the
# K-Means benchmark and the runtime's device test: it builds kmeans, kmeans_bench and
# runtime_test.cu with nvcc, runs runtime_test and benchmarks the K-Means sample on 20 M
# points (bench.py); nothing else runs meanwhile, so NumPy's time is not disturbed. Its
# figures are in even when the device time runs out during the cases. Then the cases: it
# builds the generated sources of every case, one job per core (the end-to-end kernels' in
# batches of NPC_GPU_BATCH modules per translation unit, see build_batch), and check.py
# checks each case of cases.json and e2e_cases.json against NumPy as soon as its driver is
# built (the cases of one driver in one process, with the driver's --batch).
# The drivers (<module>_main.cu, no device code) are compiled as C++ (nvcc -x c++), which
# takes half the time. A program newer than its sources, built without errors by the same
# command, is kept, so a second run after an interrupted one builds only what is missing.
# About 300 modules. Built one by one (before batches), the cases took 4 minutes of
# building on a 16-core H200 machine; batches take a quarter of the CPU time or less
# (--compile-only of the whole bundle: under 10 CPU-minutes on a 2-core machine).
#
#   bash run.sh                  # benchmark, then build and check the cases
#   bash run.sh --compile-only   # build only (no GPU needed; for sm_90 unless NPC_CUDA_ARCH)
#   bash run.sh --no-bench       # all but the benchmark
#   NVCC=.../tests/cuda/emu/nvcc-emu bash run.sh --emulate
#                                # build with g++ and npc's CPU emulation of CUDA and check
#                                # the cases (no GPU needed; no benchmark; not run by CI)
#
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc), NPC_CUDA_ARCH
# (default: native, the GPU present), PYTHON (default: python3), NPC_CHECK_JOBS (drivers
# check.py runs at a time, default 8), NPC_GPU_BATCH (modules per batch, default 10; 1
# builds each alone, as --emulate does).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export LC_ALL=C # cases/*/ in check.py's order

compile_only=0
emulate=0
bench=1
for option in "$@"; do
    case $option in
    --compile-only) compile_only=1 ;;
    --emulate) emulate=1 bench=0 ;;
    --no-bench) bench=0 ;;
    *)
        echo "usage: bash run.sh [--compile-only | --emulate | --no-bench]" >&2
        exit 2
        ;;
    esac
done
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
python=${PYTHON:-python3}
arch=${NPC_CUDA_ARCH:-$([[ $compile_only == 1 ]] && echo sm_90 || echo native)}
# --fmad=false: no fused multiply-adds, so float results round like NumPy's (the labels
# of the benchmark must match exactly; see bench.py). Generated modules and the benchmark's
# driver are built with -O3, the case drivers (.npy I/O, no device code) with -O1, which
# takes a quarter less time.
flags=(-std=c++20 "-arch=$arch" --fmad=false -Xcompiler -Wall,-Wextra)
SECONDS=0

status=0
mkdir -p logs
names=()
pids=()
built_dir= # when set, job also writes the exit status to $built_dir/X for each X of
markers=   # $markers, or $built_dir/NAME when it is empty (for check.py)
mark() { # mark NAME RC: the markers check.py waits for ("RC NAME": NAME's log tells why)
    local x
    [[ -n $built_dir ]] || return 0
    for x in ${markers:-$1}; do
        echo "$2 $1" >"$built_dir/$x"
    done
}
job() { # job NAME OUTPUT COMMAND...: runs COMMAND in the background (at most one job per
    # core) unless OUTPUT is newer than every file the command names and NAME's last run,
    # the same command, succeeded; the output goes to logs/NAME.log, the exit status to
    # logs/NAME.rc, the command to logs/NAME.cmd.
    local name=$1 out=$2 arg
    shift 2
    names+=("$name")
    if [[ -e $out && $(cat "logs/$name.rc" 2>/dev/null) == 0 &&
        $(cat "logs/$name.cmd" 2>/dev/null) == "$*" ]]; then
        local fresh=1
        for arg in "$@"; do
            [[ -f $arg && $arg -nt $out ]] && fresh=0
        done
        if ((fresh)); then
            mark "$name" 0
            return 0
        fi
    fi
    rm -f "$out" # no stale output when the command fails
    echo "$*" >"logs/$name.cmd"
    (
        rc=0
        "$@" >"logs/$name.log" 2>&1 || rc=$?
        echo "$rc" >"logs/$name.rc"
        mark "$name" "$rc"
    ) &
    pids+=($!)
    while (($(jobs -rp | wc -l) >= $(nproc))); do
        wait -n || true
    done
}
finish() { # finish: waits for the jobs, reports their errors and warnings; fails if any failed
    local n failed=0
    for n in "${pids[@]}"; do
        wait "$n" || true
    done
    pids=()
    for n in "${names[@]}"; do
        if [[ $(cat "logs/$n.rc") != 0 ]]; then
            echo "FAILED: $n:"
            cat "logs/$n.log"
            failed=1
        elif [[ -s logs/$n.log ]]; then
            echo "warnings from $n:"
            cat "logs/$n.log"
        fi
    done
    names=()
    return $failed
}
compile() { # compile NAME SOURCE OBJECT INCLUDE_DIR [NVCC OPTION...]
    job "$1" "$3" "$nvcc" "${flags[@]}" -O3 "${@:5}" -I"$4" -c "$2" -o "$3"
}
link() { # link NAME EXECUTABLE OBJECT...
    job "$1" "$2" "$nvcc" "-arch=$arch" "${@:3}" -o "$2"
}

echo "== build the benchmark and the runtime test ($("$nvcc" --version | tail -1), -arch=$arch)"
compile kmeans kmeans/kmeans.cu kmeans/kmeans.o kmeans
compile kmeans_main kmeans/kmeans_main.cu kmeans/kmeans_main.o kmeans -x c++
compile runtime_test kmeans/runtime_test.cu kmeans/runtime_test.o kmeans
((emulate)) || compile kmeans_bench kmeans_bench.cu kmeans_bench.o kmeans
finish || exit 1
link kmeans_gpu kmeans/kmeans_gpu kmeans/kmeans.o kmeans/kmeans_main.o
link runtime_test_gpu kmeans/runtime_test kmeans/runtime_test.o
((emulate)) || link kmeans_bench_gpu kmeans_bench kmeans_bench.o kmeans/kmeans.o
finish || exit 1
echo "built kmeans, kmeans_bench and runtime_test at ${SECONDS}s"
if ((!compile_only)); then
    if ((!emulate)); then
        echo "== GPU"
        nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
    fi
    echo "== runtime device test (runtime_test.cu)"
    kmeans/runtime_test || status=1
    if ((bench)); then
        echo "== K-Means benchmark (bench.py)"
        "$python" bench.py || status=1
    fi
fi

build_case() { # build_case DIR MODULE: the module's object, its driver's, the program
    local d=$1 m=$2
    "$nvcc" "${flags[@]}" -O3 -I"$d" -c "$d/$m.cu" -o "$d/$m.o" &&
        "$nvcc" "${flags[@]}" -O1 -x c++ -I"$d" -c "$d/${m}_main.cu" -o "$d/${m}_main.o" &&
        "$nvcc" "-arch=$arch" "$d/$m.o" "$d/${m}_main.o" -o "$d/${m}_gpu"
}
# The end-to-end kernels' modules build in batches, as tests/cuda/compile.sh builds them for
# CI: nearly all of nvcc's time per translation unit goes to the runtime and standard
# headers. A batch is one translation unit #including each module's <module>.cu (each
# module is its own namespace; the modules' identical npc/ headers are included once) and
# one including each driver with `main` renamed, plus a main() that runs the driver named
# by its first argument. Each case's <module>_gpu is then a script running the batch's
# program with the module's name.
build_batch() { # build_batch DIR CASE_DIR... [SOURCE...] (the sources only for job)
    local b=$1 d m i=0 dirs=()
    shift
    for d in "$@"; do
        [[ -d $d ]] && dirs+=("$d")
    done
    set -- "${dirs[@]}"
    mkdir -p "$b"
    {
        for d in "$@"; do
            m=$(basename "$(compgen -G "$d/*_main.cu" | head -1)" _main.cu)
            echo "#include \"$PWD/$d/$m.cu\""
        done
    } >"$b/batch.cu"
    {
        for d in "$@"; do
            m=$(basename "$(compgen -G "$d/*_main.cu" | head -1)" _main.cu)
            echo "#define main npc_main_$i"
            echo "#include \"$PWD/$d/${m}_main.cu\""
            echo "#undef main"
            i=$((i + 1))
        done
        echo "#include <cstring>"
        echo "int main(int argc, char **argv) { // batch MODULE [ARGS...]: MODULE's main"
        i=0
        for d in "$@"; do
            m=$(basename "$(compgen -G "$d/*_main.cu" | head -1)" _main.cu)
            echo "    if (argc > 1 && std::strcmp(argv[1], \"$m\") == 0)"
            echo "        return npc_main_$i(argc - 1, argv + 1);"
            i=$((i + 1))
        done
        echo "    return 2;"
        echo "}"
    } >"$b/batch_main.cc"
    # The runtime headers of the first module (every module has the same).
    "$nvcc" "${flags[@]}" -O3 -I"$PWD/$1" -c "$b/batch.cu" -o "$b/batch.o" &&
        "$nvcc" "${flags[@]}" -O1 -x c++ -I"$PWD/$1" -c "$b/batch_main.cc" -o "$b/batch_main.o" &&
        "$nvcc" "-arch=$arch" "$b/batch.o" "$b/batch_main.o" -o "$b/batch" || return 1
    for d in "$@"; do
        m=$(basename "$(compgen -G "$d/*_main.cu" | head -1)" _main.cu)
        printf '#!/bin/sh\nexec "$(dirname "$0")/../../%s/batch" %s "$@"\n' "$b" "$m" \
            >"$d/${m}_gpu"
        chmod +x "$d/${m}_gpu"
    done
}
# nvcc-emu rewrites the kernel launches of the file it compiles only, not of the files that
# file includes: the emulation builds every case alone.
batch_size=$( ((emulate)) && echo 1 || echo "${NPC_GPU_BATCH:-10}")
if ((compile_only)); then
    echo "== build the cases (at ${SECONDS}s)"
else
    echo "== build the cases and check them as they are built (at ${SECONDS}s)"
    if ((emulate)); then
        echo "(on the CPU emulation of CUDA)"
    fi
fi
rm -rf built
mkdir built
built_dir=built
check_pid=
if ((!compile_only)); then
    # check.py runs each driver's cases once its build is done (built/<case>).
    NPC_BUILT_DIR=built "$python" check.py &
    check_pid=$!
fi
n=0
pending=() # e2e case directories not yet in a batch, their modules and sources
pending_modules=()
sources=()
k=0
build_pending() { # the pending cases as batch k
    ((${#pending[@]} > 0)) || return 0
    markers="${pending[*]##*/}" job "batch$k" "batches/b$k/batch" build_batch "batches/b$k" \
        "${pending[@]}" "${sources[@]}"
    k=$((k + 1))
    pending=()
    pending_modules=()
    sources=()
}
for d in cases/*/; do
    d=${d%/}
    # A case directory holds <module>.cu and its driver <module>_main.cu.
    main=$(compgen -G "$d/*_main.cu" | head -1) || continue
    m=$(basename "$main" _main.cu)
    n=$((n + 1))
    # tests/cuda/kernels.py's cases are all module "kernels": built alone, as in emulation.
    if [[ $(basename "$d") != e2e-* ]] || ((batch_size == 1)); then
        job "$(basename "$d")" "$d/${m}_gpu" build_case "$d" "$m" "$d/$m.cu" "$d/${m}_main.cu"
        continue
    fi
    # One namespace per module: a module transpiled twice (other flags) goes in another batch.
    [[ " ${pending_modules[*]} " != *" $m "* ]] || build_pending
    pending+=("$d")
    pending_modules+=("$m")
    sources+=("$d/$m.cu" "$d/${m}_main.cu")
    ((${#pending[@]} < batch_size)) || build_pending
done
build_pending
# A case that does not build fails in check.py; the others are still checked.
finish || status=1
echo "built $n case drivers at ${SECONDS}s"
if [[ -n $check_pid ]]; then
    wait "$check_pid" || status=1
fi
echo "== done in ${SECONDS}s: $([[ $status == 0 ]] && echo ALL OK || echo FAILURES)"
exit $status
