// A CPU emulation of the part of CUDA that npc's generated code and runtime use, so that
// the CUDA target's kernels can be *run* (and checked against NumPy) on machines without a
// GPU, such as CI. Test infrastructure only: generated code never includes it.
//
// How it works (see nvcc-emu, which compiles a .cu file with g++ against this header):
// - `kernel<<<grid, block>>>(args);` is rewritten by nvcc-emu into
//   `npc_emu::launch(grid, block, [&] { kernel(args); });`.
// - launch() runs the blocks one after another; the threads of a block are fibers
//   (ucontext) scheduled round-robin on the calling thread. `__syncthreads()` parks a fiber
//   until every live thread of its block has arrived (threads that returned count as
//   arrived, as on Volta and later); `__shfl_down_sync` parks it until every live lane of
//   its warp has posted its value. A barrier no thread can pass (a `__syncthreads()` in a
//   divergent branch, a shuffle with a lane that exited) aborts with a message.
// - `__shared__` variables are function statics: one per block because blocks run one at a
//   time. Atomics are plain read-modify-writes: fibers switch only at barriers.
// - Device memory is host memory from malloc, filled with 0xff bytes (NaN for floats, -1 for
//   ints) so that results read before a kernel writes them show up; freeing memory the
//   emulator did not allocate aborts.
// - An exception escaping device code (impossible on a GPU) aborts with its message.
// - libcu++ (cuda/std/ beside this file): the CUDA Toolkit's real headers, built as host
//   code, where the toolkit is installed; else std:: stand-ins.
// Not emulated: the separation of host and device memory, data races between threads
// (fibers never run concurrently), and timing.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <type_traits>
#include <vector>

#include <ucontext.h>

#define __global__
#define __device__
#define __host__
#define __constant__
#define __shared__ static
#define __forceinline__ inline
#define __launch_bounds__(...)

struct dim3 {
    unsigned x = 1, y = 1, z = 1;
    constexpr dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};
struct uint3 {
    unsigned x = 0, y = 0, z = 0;
};

enum cudaError_t {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInvalidDevicePointer = 17,
};
using cudaError = cudaError_t;
enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4,
};
enum cudaDeviceAttr { cudaDevAttrMultiProcessorCount = 16 };
enum cudaMemPoolAttr { cudaMemPoolAttrReleaseThreshold = 4 };
struct npc_emu_stream;
struct npc_emu_pool;
using cudaStream_t = npc_emu_stream *;
using cudaMemPool_t = npc_emu_pool *;

namespace npc_emu {

[[noreturn]] inline void fail(const char *what, const char *detail = "") {
    std::fprintf(stderr, "npc CUDA emulator: %s%s\n", what, detail);
    std::fflush(stderr);
    std::abort();
}

/// Where each thread of the running block is, and the state of its barriers.
struct Fiber {
    ucontext_t context{};
    uint3 thread{};
    enum State { Runnable, AtSyncthreads, AtShuffle, Done } state = Runnable;
    unsigned long long posted = 0; ///< the value this lane offers to a shuffle
};

struct Machine {
    std::vector<Fiber> fibers;
    std::vector<std::unique_ptr<char[]>> stacks;
    ucontext_t scheduler{};
    size_t current = 0;
    bool inKernel = false;
    uint3 blockIdx{}, threadIdx{};
    dim3 blockDim{}, gridDim{};
    std::function<void()> body;
    std::map<void *, size_t> allocations;
    cudaError_t lastError = cudaSuccess;
};

inline Machine &machine() {
    static Machine m;
    return m;
}

constexpr size_t kStackBytes = 256 * 1024;
constexpr unsigned kWarpSize = 32;

inline void fiberEntry() {
    Machine &m = machine();
    try {
        m.body();
    } catch (const std::exception &e) {
        fail("an exception escaped device code (a GPU cannot throw): ", e.what());
    } catch (...) {
        fail("an exception escaped device code (a GPU cannot throw)");
    }
    m.fibers[m.current].state = Fiber::Done;
    // Returning resumes uc_link, the scheduler.
}

/// Parks the current fiber in `state` and returns when the scheduler releases it.
inline void park(Fiber::State state) {
    Machine &m = machine();
    if (!m.inKernel)
        fail("a barrier or shuffle outside a kernel");
    Fiber &f = m.fibers[m.current];
    f.state = state;
    swapcontext(&f.context, &m.scheduler);
}

/// Releases a barrier whose every live participant has arrived; false if none can be.
inline bool releaseBarrier() {
    Machine &m = machine();
    const size_t n = m.fibers.size();
    // Warps first: a warp-level exchange completes without the rest of the block.
    for (size_t w = 0; w < n; w += kWarpSize) {
        size_t end = std::min(n, w + kWarpSize), waiting = 0, live = 0;
        for (size_t i = w; i < end; ++i) {
            live += m.fibers[i].state != Fiber::Done;
            waiting += m.fibers[i].state == Fiber::AtShuffle;
        }
        if (waiting != 0 && waiting == live) {
            for (size_t i = w; i < end; ++i)
                if (m.fibers[i].state == Fiber::AtShuffle)
                    m.fibers[i].state = Fiber::Runnable;
            return true;
        }
    }
    size_t waiting = 0, live = 0;
    for (const Fiber &f : m.fibers) {
        live += f.state != Fiber::Done;
        waiting += f.state == Fiber::AtSyncthreads;
    }
    if (waiting == 0 || waiting != live)
        return false;
    for (Fiber &f : m.fibers)
        if (f.state == Fiber::AtSyncthreads)
            f.state = Fiber::Runnable;
    return true;
}

/// Runs `body` as the kernel of a `<<<grid, block>>>` launch, to completion.
inline void launch(dim3 grid, dim3 block, std::function<void()> body) {
    Machine &m = machine();
    if (m.inKernel)
        fail("a kernel launch from device code");
    const size_t threads = size_t(block.x) * block.y * block.z;
    if (threads == 0 || threads > 1024 || grid.x == 0 || grid.y == 0 || grid.z == 0) {
        m.lastError = cudaErrorInvalidValue; // cudaErrorInvalidConfiguration on a GPU
        return;
    }
    while (m.stacks.size() < threads)
        m.stacks.push_back(std::make_unique<char[]>(kStackBytes));
    m.body = std::move(body);
    m.gridDim = grid;
    m.blockDim = block;
    m.inKernel = true;
    for (unsigned bz = 0; bz < grid.z; ++bz)
        for (unsigned by = 0; by < grid.y; ++by)
            for (unsigned bx = 0; bx < grid.x; ++bx) {
                m.blockIdx = {bx, by, bz};
                m.fibers.assign(threads, Fiber{});
                for (size_t t = 0; t < threads; ++t) {
                    Fiber &f = m.fibers[t];
                    f.thread = {unsigned(t % block.x), unsigned(t / block.x % block.y),
                                unsigned(t / (size_t(block.x) * block.y))};
                    getcontext(&f.context);
                    f.context.uc_stack.ss_sp = m.stacks[t].get();
                    f.context.uc_stack.ss_size = kStackBytes;
                    f.context.uc_link = &m.scheduler;
                    makecontext(&f.context, fiberEntry, 0);
                }
                for (;;) {
                    bool ran = false;
                    for (size_t t = 0; t < threads; ++t) {
                        if (m.fibers[t].state != Fiber::Runnable)
                            continue;
                        m.current = t;
                        m.threadIdx = m.fibers[t].thread;
                        swapcontext(&m.scheduler, &m.fibers[t].context);
                        ran = true;
                    }
                    if (ran || releaseBarrier())
                        continue;
                    bool done = true;
                    for (const Fiber &f : m.fibers)
                        done = done && f.state == Fiber::Done;
                    if (done)
                        break;
                    fail("deadlock: a __syncthreads() or warp shuffle that not every live thread "
                         "of the block reaches");
                }
            }
    m.inKernel = false;
    m.body = nullptr;
}

/// The `<<<grid, block[, shared_bytes[, stream]]>>>` of a launch; nvcc-emu turns
/// `k<<<config>>>(args)` into `launch_config(config).run([&] { k(args); })`.
struct launch_config {
    dim3 grid, block;
    launch_config(dim3 g, dim3 b, size_t shared_bytes = 0, cudaStream_t = nullptr)
        : grid(g), block(b) {
        if (shared_bytes != 0)
            fail("dynamic shared memory is not emulated");
    }
    void run(std::function<void()> body) const { launch(grid, block, std::move(body)); }
};

template <class T> unsigned long long toBits(T v) {
    static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>);
    unsigned long long b = 0;
    std::memcpy(&b, &v, sizeof v);
    return b;
}
template <class T> T fromBits(unsigned long long b) {
    T v;
    std::memcpy(&v, &b, sizeof v);
    return v;
}

/// Lane `lane + delta`'s value of a full-warp shuffle (the caller's own past the warp's end).
template <class T> T shuffleDown(unsigned mask, T value, unsigned delta) {
    Machine &m = machine();
    if (mask != 0xffffffffu)
        fail("__shfl_down_sync with a partial mask is not emulated");
    const size_t me = m.current;
    const size_t lane = me % kWarpSize;
    m.fibers[me].posted = toBits(value);
    park(Fiber::AtShuffle); // every live lane has posted
    T result = value;
    const size_t from = me + delta;
    if (lane + delta < kWarpSize && from < m.fibers.size()) {
        if (m.fibers[from].state == Fiber::Done)
            fail("__shfl_down_sync reads a lane that has exited");
        result = fromBits<T>(m.fibers[from].posted);
    }
    park(Fiber::AtShuffle); // every live lane has read before the next post
    return result;
}

} // namespace npc_emu

#define threadIdx (::npc_emu::machine().threadIdx)
#define blockIdx (::npc_emu::machine().blockIdx)
#define blockDim (::npc_emu::machine().blockDim)
#define gridDim (::npc_emu::machine().gridDim)

inline void __syncthreads() { npc_emu::park(npc_emu::Fiber::AtSyncthreads); }

template <class T> T __shfl_down_sync(unsigned mask, T value, unsigned delta, int width = 32) {
    if (width != 32)
        npc_emu::fail("__shfl_down_sync with a width other than 32 is not emulated");
    return npc_emu::shuffleDown(mask, value, delta);
}

template <class T> T atomicAdd(T *address, T value) {
    T old = *address;
    *address = old + value;
    return old;
}
template <class T> T atomicCAS(T *address, T compare, T value) {
    T old = *address;
    if (old == compare)
        *address = value;
    return old;
}

// ---- runtime API -------------------------------------------------------------------------

inline const char *cudaGetErrorString(cudaError_t e) {
    switch (e) {
    case cudaSuccess: return "no error";
    case cudaErrorInvalidValue: return "invalid argument";
    case cudaErrorMemoryAllocation: return "out of memory";
    case cudaErrorInvalidDevicePointer: return "invalid device pointer";
    }
    return "unknown error";
}
inline const char *cudaGetErrorName(cudaError_t e) {
    switch (e) {
    case cudaSuccess: return "cudaSuccess";
    case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
    case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
    case cudaErrorInvalidDevicePointer: return "cudaErrorInvalidDevicePointer";
    }
    return "cudaErrorUnknown";
}
inline cudaError_t cudaGetLastError() {
    cudaError_t e = npc_emu::machine().lastError;
    npc_emu::machine().lastError = cudaSuccess;
    return e;
}
inline cudaError_t cudaPeekAtLastError() { return npc_emu::machine().lastError; }
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
inline cudaError_t cudaGetDevice(int *device) {
    *device = 0;
    return cudaSuccess;
}
/// One multiprocessor: grid_size() then caps grids at 32 blocks, so that grid-stride
/// loops stride in the test cases too.
inline cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr, int) {
    *value = 1;
    return cudaSuccess;
}
inline cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *pool, int) {
    *pool = nullptr;
    return cudaSuccess;
}
inline cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t, cudaMemPoolAttr, void *) {
    return cudaSuccess;
}
inline cudaError_t cudaMallocAsync(void **p, size_t bytes, cudaStream_t = nullptr) {
    *p = std::malloc(bytes ? bytes : 1);
    if (!*p)
        return cudaErrorMemoryAllocation;
    std::memset(*p, 0xff, bytes);
    npc_emu::machine().allocations[*p] = bytes;
    return cudaSuccess;
}
inline cudaError_t cudaMalloc(void **p, size_t bytes) { return cudaMallocAsync(p, bytes); }
inline cudaError_t cudaFreeAsync(void *p, cudaStream_t = nullptr) {
    if (!p)
        return cudaSuccess;
    if (npc_emu::machine().allocations.erase(p) == 0)
        npc_emu::fail("cudaFree of a pointer that is not device memory");
    std::free(p);
    return cudaSuccess;
}
inline cudaError_t cudaFree(void *p) { return cudaFreeAsync(p); }
inline cudaError_t cudaMemcpy(void *to, const void *from, size_t bytes, cudaMemcpyKind) {
    if (npc_emu::machine().inKernel)
        npc_emu::fail("cudaMemcpy in device code");
    std::memmove(to, from, bytes);
    return cudaSuccess;
}
inline cudaError_t cudaMemcpyAsync(void *to, const void *from, size_t bytes, cudaMemcpyKind kind,
                                   cudaStream_t = nullptr) {
    return cudaMemcpy(to, from, bytes, kind);
}
template <class T>
cudaError_t cudaMemcpyToSymbol(T &symbol, const void *from, size_t bytes, size_t offset = 0,
                               cudaMemcpyKind = cudaMemcpyHostToDevice) {
    std::memcpy(reinterpret_cast<char *>(&symbol) + offset, from, bytes);
    return cudaSuccess;
}
template <class T> cudaError_t cudaGetSymbolAddress(void **address, T &symbol) {
    *address = static_cast<void *>(&symbol);
    return cudaSuccess;
}
template <class T>
cudaError_t cudaMemcpyFromSymbol(void *to, const T &symbol, size_t bytes, size_t offset = 0,
                                 cudaMemcpyKind = cudaMemcpyDeviceToHost) {
    std::memcpy(to, reinterpret_cast<const char *>(&symbol) + offset, bytes);
    return cudaSuccess;
}
