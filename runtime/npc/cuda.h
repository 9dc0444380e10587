// npc's CUDA runtime for `npc transpile --target cuda` output: CudaError and checked CUDA
// calls, DeviceArray (device memory, RAII), host <-> device copies, launch sizes, and the
// device-side helpers kernels use (grid-stride indices, limits, block reductions).
//
// Three layers, so that this header compiles everywhere it may be included:
// - always: npc::CudaError (plain C++; the runtime's self-containment check builds it with g++);
// - when <cuda_runtime_api.h> is reachable (nvcc, or a host compiler given CUDA's include
//   directory): the host API, so plain C++ code may call the generated `f_device` functions
//   (NPC_HAS_CUDA_RUNTIME is then defined);
// - under nvcc only: device code and helpers that launch kernels.
#ifndef NPC_RUNTIME_CUDA_H
#define NPC_RUNTIME_CUDA_H

#include "npc/config.h"
#include "npc/error.h"

#include <string>

namespace npc {

/// A failed CUDA runtime call, kernel launch or kernel execution. `what()` is
/// "<context>: <CUDA's error string> (<error name>)", where the context names what npc was
/// doing, e.g. the Python line of the kernel: "kmeans.py:5: return np.argmin(...)".
class CudaError : public Error {
public:
    /// `code` is the cudaError_t value (an int here so that this class needs no CUDA headers).
    CudaError(int code, const std::string &message) : Error(message), code_(code) {}
    int code() const noexcept { return code_; }

private:
    int code_;
};

} // namespace npc

#if defined(__CUDACC__) || __has_include(<cuda_runtime_api.h>)
#define NPC_HAS_CUDA_RUNTIME 1

#include "npc/array.h"
#include "npc/overlap.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

namespace npc::cuda {

/// Threads per block of every parallel kernel npc emits (a power of two, a multiple of 32).
inline constexpr int kBlockSize = 256;

/// Throws CudaError if `status` is an error; `context` says what was being done.
inline void check(cudaError_t status, const char *context) {
    if (status == cudaSuccess)
        return;
    throw CudaError(static_cast<int>(status), std::string(context) + ": " +
                                                  cudaGetErrorString(status) + " (" +
                                                  cudaGetErrorName(status) + ")");
}

/// Checks the kernel launch just made (cudaGetLastError); `context` is the kernel's Python
/// line, so the message reads "kmeans.py:5: return np.argmin(...): CUDA kernel failed: <CUDA's
/// error string> (<error name>)". Faults while the kernel runs surface at the next
/// synchronizing call (the copy of the results to the host); define NPC_CUDA_SYNC_LAUNCHES
/// to synchronize after every launch instead, so that they are reported with the line too.
inline void check_launch(const char *context) {
    cudaError_t status = cudaGetLastError();
#if defined(NPC_CUDA_SYNC_LAUNCHES)
    if (status == cudaSuccess)
        status = cudaDeviceSynchronize();
#endif
    if (status != cudaSuccess)
        check(status, (std::string(context) + ": CUDA kernel failed").c_str());
}

/// Blocks for a grid-stride loop over `n` iterations: enough to cover `n` with kBlockSize
/// threads each, at most 32 per multiprocessor (further iterations stride), at least 1.
inline unsigned grid_size(int64_t n) {
    int device = 0;
    int multiprocessors = 0;
    check(cudaGetDevice(&device), "querying the current CUDA device");
    check(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device),
          "querying the number of multiprocessors");
    const int64_t cap = static_cast<int64_t>(multiprocessors > 0 ? multiprocessors : 1) * 32;
    int64_t blocks = n / kBlockSize + (n % kBlockSize != 0 ? 1 : 0);
    if (blocks > cap)
        blocks = cap;
    return static_cast<unsigned>(blocks < 1 ? 1 : blocks);
}

namespace detail {
/// Keeps freed device memory in the current device's default pool (release threshold
/// raised to the maximum), so that repeated calls reuse it instead of mapping memory anew
/// at every synchronization. Done once per process, for the device current at first use.
inline void keep_pool_memory() {
    static const bool done = [] {
        int device = 0;
        cudaMemPool_t pool = nullptr;
        if (cudaGetDevice(&device) == cudaSuccess &&
            cudaDeviceGetDefaultMemPool(&pool, device) == cudaSuccess) {
            uint64_t threshold = std::numeric_limits<uint64_t>::max();
            (void)cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
        }
        (void)cudaGetLastError(); // Devices without memory pools: nothing to tune.
        return true;
    }();
    (void)done;
}
} // namespace detail

/// An owning, C-contiguous N-d array in device memory, the device counterpart of
/// npc::Array: same shapes and strides (in elements), elements uninitialized on
/// construction. Memory comes from the stream-ordered allocator (cudaMallocAsync and
/// cudaFreeAsync on the default stream, where npc launches its kernels), so allocating does
/// not synchronize. Copies are deep (device to device); a moved-from array is empty.
/// Rank 0 holds one element: the device-resident form of a scalar result.
template <class T, int Rank> class DeviceArray {
    static_assert(Rank >= 0, "rank must be non-negative");
    static_assert(std::is_trivially_copyable_v<T> && !std::is_const_v<T>,
                  "npc::cuda::DeviceArray holds non-const trivially copyable elements");

public:
    using value_type = T;
    static constexpr int rank = Rank;

    /// An empty array (all extents 0; rank 0 holds one element).
    DeviceArray() : DeviceArray(Shape<Rank>{}) {}
    /// An uninitialized array of `shape`. Throws ValueError for negative extents or a byte
    /// size that overflows, CudaError when the device is out of memory.
    explicit DeviceArray(const Shape<Rank> &shape)
        : shape_(shape), strides_(contiguous_strides<Rank>(shape)) {
        int64_t n = 1;
        for (int64_t extent : shape) {
            if (extent < 0)
                throw ValueError("negative dimensions are not allowed");
            if (extent != 0 && n > std::numeric_limits<int64_t>::max() / extent)
                throw_too_big();
            n *= extent;
        }
        if (n > std::numeric_limits<int64_t>::max() / static_cast<int64_t>(sizeof(T)))
            throw_too_big();
        if (n == 0)
            return; // No allocation: data() is null and nothing may be accessed.
        detail::keep_pool_memory();
        void *p = nullptr;
        const std::size_t bytes = static_cast<std::size_t>(n) * sizeof(T);
        check(cudaMallocAsync(&p, bytes, 0),
              ("allocating " + std::to_string(bytes) + " bytes of device memory").c_str());
        data_ = static_cast<T *>(p);
    }

    DeviceArray(const DeviceArray &other) : DeviceArray(other.shape_) {
        if (nbytes() != 0)
            check(cudaMemcpyAsync(data_, other.data_, nbytes(), cudaMemcpyDeviceToDevice, 0),
                  "copying a device array");
    }
    DeviceArray(DeviceArray &&other) noexcept
        : data_(std::exchange(other.data_, nullptr)),
          shape_(std::exchange(other.shape_, Shape<Rank>{})), strides_(other.strides_) {}
    DeviceArray &operator=(const DeviceArray &other) {
        if (this != &other)
            *this = DeviceArray(other);
        return *this;
    }
    DeviceArray &operator=(DeviceArray &&other) noexcept {
        if (this != &other) {
            release();
            data_ = std::exchange(other.data_, nullptr);
            shape_ = std::exchange(other.shape_, Shape<Rank>{});
            strides_ = other.strides_;
        }
        return *this;
    }
    ~DeviceArray() { release(); }

    /// Device pointer to the first element (null for an empty array).
    T *data() { return data_; }
    const T *data() const { return data_; }
    const Shape<Rank> &shape() const { return shape_; }
    const Shape<Rank> &strides() const { return strides_; }
    int64_t size() const { return shape_size<Rank>(shape_); }
    std::size_t nbytes() const { return data_ ? static_cast<std::size_t>(size()) * sizeof(T) : 0; }

    /// Views whose data pointer is a device pointer, as the `_device` entry points take them.
    ArrayView<T, Rank> view() { return {data_, shape_, strides_}; }
    ArrayView<const T, Rank> view() const { return {data_, shape_, strides_}; }
    operator ArrayView<T, Rank>() { return view(); }
    operator ArrayView<const T, Rank>() const { return view(); }

private:
    void release() noexcept {
        if (data_)
            (void)cudaFreeAsync(data_, 0); // A destructor cannot report.
        data_ = nullptr;
    }
    [[noreturn]] static void throw_too_big() {
        throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than "
                         "the maximum possible size.");
    }

    T *data_ = nullptr;
    Shape<Rank> shape_;
    Shape<Rank> strides_;
};

/// A device copy of a host view (any strides), like `cupy.asarray(v)`.
template <class T, int Rank>
DeviceArray<std::remove_const_t<T>, Rank> to_device(const ArrayView<T, Rank> &host) {
    using U = std::remove_const_t<T>;
    DeviceArray<U, Rank> out(host.shape);
    if (out.nbytes() == 0)
        return out;
    const ArrayView<const U, Rank> src(host.data, host.shape, host.strides);
    if (is_c_contiguous(src)) {
        check(cudaMemcpy(out.data(), src.data, out.nbytes(), cudaMemcpyHostToDevice),
              "copying an argument to the device");
        return out;
    }
    const Array<U, Rank> packed = contiguous_copy(src);
    check(cudaMemcpy(out.data(), packed.data(), out.nbytes(), cudaMemcpyHostToDevice),
          "copying an argument to the device");
    return out;
}
template <class T, int Rank>
DeviceArray<std::remove_const_t<T>, Rank> to_device(const Array<T, Rank> &host) {
    return to_device(host.view());
}

/// A host copy of a device array; waits for the kernels that compute it.
template <class T, int Rank> Array<T, Rank> to_host(const DeviceArray<T, Rank> &device) {
    Array<T, Rank> out(device.shape());
    if (device.nbytes() != 0)
        check(cudaMemcpy(out.data(), device.data(), device.nbytes(), cudaMemcpyDeviceToHost),
              "copying a result to the host");
    return out;
}

/// The value of a device-resident scalar (a rank-0 DeviceArray); waits for its kernels.
template <class T> T scalar_to_host(const DeviceArray<T, 0> &device) {
    T value{};
    check(cudaMemcpy(&value, device.data(), sizeof(T), cudaMemcpyDeviceToHost),
          "copying a result to the host");
    return value;
}

namespace detail {
/// Stores `src` (C order) into the strided host view `dst`, one axis per recursion level.
template <int Axis, class T, int Rank>
void scatter_strided(const ArrayView<T, Rank> &dst, T *to, const T *&src) {
    if constexpr (Axis == Rank) {
        *to = *src++;
    } else {
        for (int64_t i = 0; i < dst.shape[Axis]; ++i)
            scatter_strided<Axis + 1>(dst, to + i * dst.strides[Axis], src);
    }
}
} // namespace detail

/// Copies a device array back into the host view it was made from (a writable argument).
template <class T, int Rank>
void copy_to_host(const DeviceArray<T, Rank> &device, ArrayView<T, Rank> host) {
    if (device.nbytes() == 0)
        return;
    if (is_c_contiguous(host)) {
        check(cudaMemcpy(host.data, device.data(), device.nbytes(), cudaMemcpyDeviceToHost),
              "copying an argument back to the host");
        return;
    }
    const Array<T, Rank> packed = to_host(device);
    const T *src = packed.data();
    detail::scatter_strided<0>(host, host.data, src);
}

namespace detail {
/// A copy of device bytes, made on the default stream after the kernels queued before it.
/// Throws CudaError.
class DeviceBytes {
public:
    DeviceBytes() = default;
    DeviceBytes(const char *first, std::size_t count)
        : bytes_({static_cast<int64_t>(count)}) {
        check(cudaMemcpy(bytes_.data(), first, count, cudaMemcpyDeviceToDevice),
              "copying an argument that shares memory with one the statement writes");
    }
    const char *data() const { return bytes_.data(); }

private:
    DeviceArray<char, 1> bytes_;
};
} // namespace detail

/// npc::Snapshot on the device: `source` and `written` are views of device memory, and
/// the copy is device memory (see SpanSnapshot).
template <class T> using DeviceSnapshot = SpanSnapshot<T, detail::DeviceBytes>;

/// The array arguments of one call of a host entry point that share host memory with an
/// argument the function writes (`f(x, x)`, `f(x[1:], x[:-1])`): each such group is copied
/// to the device once, as one span of bytes, and its arguments become views of that copy
/// with their own offsets and strides, so that writes through one show through the others
/// and are copied back once, as NumPy's in-place updates of shared memory would be.
/// Arguments outside such groups are copied to the device on their own (see DeviceArgument).
class SharedArguments {
public:
    /// `spans[i]` and `written[i]`: argument i's host bytes, and whether the function
    /// writes it. Throws CudaError if device memory cannot be had.
    SharedArguments(std::initializer_list<ByteSpan> spans, std::initializer_list<bool> written)
        : spans_(spans), group_(spans_.size(), -1) {
        const std::vector<bool> writes(written);
        for (std::size_t i = 0; i < spans_.size(); ++i)
            for (std::size_t j = 0; j < spans_.size(); ++j)
                if (i != j && (writes[i] || writes[j]) && spans_overlap(spans_[i], spans_[j]))
                    join(i, j);
        for (Group &g : groups_) {
            if (g.span.begin == g.span.end)
                continue; // merged into another group
            g.device = DeviceArray<char, 1>({g.span.end - g.span.begin});
            check(cudaMemcpy(g.device.data(), g.span.begin, g.device.nbytes(),
                             cudaMemcpyHostToDevice),
                  "copying arguments that share memory to the device");
        }
    }

    /// The device counterpart of argument `i`'s host data pointer `host`, or null when the
    /// argument shares memory with no written argument.
    template <class T> T *device_data(std::size_t i, T *host) {
        if (group_[i] < 0)
            return nullptr;
        Group &g = groups_[static_cast<std::size_t>(group_[i])];
        return reinterpret_cast<T *>(g.device.data() +
                                     (reinterpret_cast<const char *>(host) - g.span.begin));
    }

    /// Copies the group of argument `i` back to the host (once per group and call).
    void copy_back(std::size_t i) {
        Group &g = groups_[static_cast<std::size_t>(group_[i])];
        if (g.copied_back)
            return;
        g.copied_back = true;
        check(cudaMemcpy(const_cast<char *>(g.span.begin), g.device.data(), g.device.nbytes(),
                         cudaMemcpyDeviceToHost),
              "copying arguments that share memory back to the host");
    }

private:
    struct Group {
        ByteSpan span;
        DeviceArray<char, 1> device;
        bool copied_back = false;
    };

    /// Puts arguments i and j in one group, merging groups and their spans.
    void join(std::size_t i, std::size_t j) {
        int gi = group_[i], gj = group_[j];
        if (gi >= 0 && gi == gj)
            return;
        if (gi < 0 && gj < 0) {
            gi = static_cast<int>(groups_.size());
            groups_.push_back({spans_[i], {}, false});
        }
        if (gi < 0)
            std::swap(gi, gj), std::swap(i, j);
        ByteSpan &span = groups_[static_cast<std::size_t>(gi)].span;
        for (std::size_t k = 0; k < group_.size(); ++k)
            if (k == i || k == j || (gj >= 0 && group_[k] == gj))
                group_[k] = gi;
        for (std::size_t k = 0; k < group_.size(); ++k)
            if (group_[k] == gi) {
                span.begin = std::min(span.begin, spans_[k].begin);
                span.end = std::max(span.end, spans_[k].end);
            }
        // Merged groups leave an unused entry behind (no allocation happens for it).
        if (gj >= 0 && gj != gi)
            groups_[static_cast<std::size_t>(gj)].span = {};
    }

    std::vector<ByteSpan> spans_;
    std::vector<int> group_;
    std::vector<Group> groups_;
};

/// One array argument of a host entry point on the device: its own device copy (as
/// to_device makes), or, when it shares host memory with a written argument, a view into
/// that group's copy in `shared`. Converts to the device view `<name>_device` takes.
template <class T, int Rank> class DeviceArgument {
public:
    DeviceArgument(const ArrayView<T, Rank> &host, SharedArguments &shared, std::size_t index)
        : host_(host), shared_(shared), index_(index) {
        if (T *data = shared.device_data(index, host.data))
            view_ = {data, host.shape, host.strides};
        else {
            own_ = to_device(host);
            view_ = {own_.data(), own_.shape(), own_.strides()};
        }
    }
    operator ArrayView<T, Rank>() const { return view_; }

    /// Copies the device values back into the caller's array (a written argument).
    void copy_back() {
        if (shared_.device_data(index_, host_.data))
            shared_.copy_back(index_);
        else
            copy_to_host(own_, host_);
    }

private:
    ArrayView<T, Rank> host_;
    SharedArguments &shared_;
    std::size_t index_;
    DeviceArray<std::remove_const_t<T>, Rank> own_;
    ArrayView<T, Rank> view_;
};

/// Runs `call` (a host entry point's device computation), then `copy_back` (its written
/// arguments back to the host), also when `call` throws: writes made before NumPy's error
/// stay in the caller's arrays, as in NumPy. An error while copying back after an error
/// is dropped in favour of the first.
template <class Call, class CopyBack> auto call_and_copy_back(Call call, CopyBack copy_back) {
    auto guarded = [&] {
        try {
            return call();
        } catch (...) {
            try {
                copy_back();
            } catch (...) { // the first error is the one to report
            }
            throw;
        }
    };
    if constexpr (std::is_void_v<decltype(call())>) {
        guarded();
        copy_back();
    } else {
        auto results = guarded();
        copy_back();
        return results;
    }
}

} // namespace npc::cuda
#endif // <cuda_runtime_api.h>

#if defined(__CUDACC__)
#include "npc/ufunc.h"

#include <cuda/std/limits>

#include <cstring>

namespace npc::cuda {

/// Index of this thread in the grid and number of threads in the grid, as int64 so that
/// grid-stride loops over more than 2^31 elements do not overflow.
__device__ inline int64_t thread_index() {
    return static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}
__device__ inline int64_t thread_count() {
    return static_cast<int64_t>(gridDim.x) * blockDim.x;
}

/// One step of turning a flat C-order position in a loop nest into loop indices, innermost
/// first: returns `rest % extent` and leaves `rest / extent` in `rest` (0 <= rest,
/// 0 < extent). GPUs have no 64-bit integer divider, so values below 2^31 divide in 32 bits.
__device__ inline int64_t unravel_next(int64_t &rest, int64_t extent) {
    if (((rest | extent) >> 31) == 0) {
        const auto r = static_cast<uint32_t>(rest);
        const auto n = static_cast<uint32_t>(extent);
        const uint32_t q = r / n;
        rest = q;
        return r - q * n;
    }
    const int64_t q = rest / extent;
    const int64_t index = rest - q * extent;
    rest = q;
    return index;
}

/// The first out-of-bounds element of an integer index array met by a kernel (kernels
/// cannot throw): written by checked_index into the IndexErrorFlag of one call.
struct IndexErrorState {
    unsigned long long failed;
    long long index, size;
    int axis;
};

/// npc::checked_index for kernels: wraps a negative index; outside [-size, size) records
/// the first such index in `*state` for IndexErrorFlag::raise_if_set and gives 0.
__device__ inline int64_t checked_index(int64_t i, int64_t size, int axis,
                                        IndexErrorState *state) {
    int64_t j = i < 0 ? i + size : i;
    if (j >= 0 && j < size)
        return j;
    if (atomicCAS(&state->failed, 0ull, 1ull) == 0ull) {
        state->index = i;
        state->size = size;
        state->axis = axis;
    }
    return 0;
}

/// npc::power for kernels, which cannot throw: a negative exponent of a signed integer
/// sets `*failed` (see PowerErrorFlag) and gives 0.
template <class T> __device__ T power_flagged(T base, T exp, unsigned *failed) {
    if constexpr (std::is_signed_v<T>) {
        if (exp < 0) {
            atomicCAS(failed, 0u, 1u);
            return 0;
        }
    }
    return npc::power<T>(base, exp);
}

/// +inf, NaN and the extreme finite values of a dtype, usable in device code (the
/// std::numeric_limits members are host-only constexpr functions under nvcc).
template <class T> NPC_HD constexpr T infinity() {
    return ::cuda::std::numeric_limits<T>::infinity();
}
template <class T> NPC_HD constexpr T quiet_nan() {
    return ::cuda::std::numeric_limits<T>::quiet_NaN();
}
template <class T> NPC_HD constexpr T lowest() {
    return ::cuda::std::numeric_limits<T>::lowest();
}
template <class T> NPC_HD constexpr T highest() {
    return ::cuda::std::numeric_limits<T>::max();
}

/// The `+` and `*` of reductions; integers wrap like NumPy's (no signed-overflow UB).
struct Plus {
    template <class T> __device__ T operator()(T a, T b) const {
        if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
            using U = std::make_unsigned_t<T>;
            return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
        } else {
            return a + b;
        }
    }
};
struct Times {
    template <class T> __device__ T operator()(T a, T b) const {
        if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
            using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned,
                                         std::make_unsigned_t<T>>;
            return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
        } else {
            return a * b;
        }
    }
};

/// NumPy's minimum and maximum (NaN propagates) as reduction operations.
struct Minimum {
    template <class T> __device__ T operator()(T a, T b) const { return npc::minimum<T>(a, b); }
};
struct Maximum {
    template <class T> __device__ T operator()(T a, T b) const { return npc::maximum<T>(a, b); }
};

namespace detail {
/// The unsigned integer with the bits of a 4- or 8-byte value, and back.
template <class T>
using Bits = std::conditional_t<sizeof(T) == 8, unsigned long long, unsigned int>;
template <class T> __device__ Bits<T> to_bits(T v) {
    Bits<T> b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}
template <class T> __device__ T from_bits(Bits<T> b) {
    T v;
    std::memcpy(&v, &b, sizeof v);
    return v;
}

/// `*target = op(*target, value)` atomically: atomicAdd where the hardware has it, else a
/// compare-and-swap loop on the value's bits.
template <class Op, class T> __device__ void atomic_combine(T *target, T value) {
    static_assert(sizeof(T) == 4 || sizeof(T) == 8, "device reductions need 4- or 8-byte values");
    if constexpr (std::is_same_v<Op, Plus> && std::is_floating_point_v<T>) {
        atomicAdd(target, value);
    } else if constexpr (std::is_same_v<Op, Plus> && std::is_integral_v<T>) {
        // Two's-complement addition of the bits is the wrapping sum for signed types too.
        atomicAdd(reinterpret_cast<Bits<T> *>(target), to_bits(value));
    } else {
        Bits<T> *address = reinterpret_cast<Bits<T> *>(target);
        Bits<T> old = *address;
        Bits<T> assumed;
        do {
            assumed = old;
            old = atomicCAS(address, assumed, to_bits(Op{}(from_bits<T>(assumed), value)));
        } while (old != assumed);
    }
}
} // namespace detail

/// Combines every thread's `value` of the block with `Op` (warp shuffles, then one warp
/// over the per-warp partials in shared memory) and folds the block's total into `*target`
/// with one atomic operation. Every thread of the block must call it, and the block must
/// have kBlockSize threads. The order of combination varies between runs: float sums may
/// differ from a sequential sum by rounding (NumPy's pairwise sums differ too).
template <class Op, class T> __device__ void block_reduce_into(T *target, T value) {
    static_assert(sizeof(T) == 4 || sizeof(T) == 8, "device reductions need 4- or 8-byte values");
    constexpr int kWarps = kBlockSize / 32;
    __shared__ T partials[kWarps];
    const int lane = static_cast<int>(threadIdx.x % 32);
    const int warp = static_cast<int>(threadIdx.x / 32);
    __syncthreads(); // A previous call's warp 0 may still be reading `partials`.
    for (int offset = 16; offset > 0; offset /= 2)
        value = Op{}(value, detail::from_bits<T>(
                                __shfl_down_sync(0xffffffffu, detail::to_bits(value), offset)));
    if (lane == 0)
        partials[warp] = value;
    __syncthreads();
    if (warp != 0)
        return;
    // Lanes past kWarps hold a copy of partials[0]; lane 0's total never reads them.
    value = partials[lane < kWarps ? lane : 0];
    for (int offset = kWarps / 2; offset > 0; offset /= 2)
        value = Op{}(value, detail::from_bits<T>(
                                __shfl_down_sync(0xffffffffu, detail::to_bits(value), offset)));
    if (lane == 0)
        detail::atomic_combine<Op>(target, value);
}

/// Combines every thread's (value, position) candidate of the block by arg_better<Min>
/// (a tree in shared memory) and stores the block's best at `values[blockIdx.x]` and
/// `positions[blockIdx.x]`, for arg_combine. Every thread of the block must call it, and
/// the block must have kBlockSize threads.
template <bool Min, class T>
__device__ void block_arg_reduce(T value, int64_t position, T *values, int64_t *positions) {
    __shared__ T best[kBlockSize];
    __shared__ int64_t at[kBlockSize];
    const unsigned t = threadIdx.x;
    best[t] = value;
    at[t] = position;
    __syncthreads();
    for (unsigned stride = kBlockSize / 2; stride > 0; stride /= 2) {
        if (t < stride && npc::arg_better<Min>(best[t + stride], at[t + stride], best[t], at[t])) {
            best[t] = best[t + stride];
            at[t] = at[t + stride];
        }
        __syncthreads();
    }
    if (t == 0) {
        values[blockIdx.x] = best[0];
        positions[blockIdx.x] = at[0];
    }
}

/// The best of the `blocks` candidates block_arg_reduce stored, into `*value` and
/// `*position` (a single-thread launch after the kernel that stored them).
template <bool Min, class T>
__global__ void arg_combine(const T *values, const int64_t *positions, unsigned blocks, T *value,
                            int64_t *position) {
    T v = values[0];
    int64_t i = positions[0];
    for (unsigned b = 1; b < blocks; ++b)
        if (npc::arg_better<Min>(values[b], positions[b], v, i)) {
            v = values[b];
            i = positions[b];
        }
    *value = v;
    *position = i;
}

// ---- compaction (numpy.flatnonzero of a mask, in C order) ---------------------------------
// Two launches over the same `blocks` blocks of kBlockSize threads, each block taking one
// chunk of consecutive flat positions: the first counts every chunk's true elements
// (block_count), the second starts each block at the total of the chunks before its own
// (block_offset) and writes its chunk's true positions in order, one tile of kBlockSize
// elements at a time (compact_tile).

/// Flat positions per block when `blocks` blocks share `n`: ceil(n / blocks).
inline int64_t chunk_size(int64_t n, unsigned blocks) {
    return (n + static_cast<int64_t>(blocks) - 1) / static_cast<int64_t>(blocks);
}

/// The first flat position of this block's chunk, and the end of it (at most `n`).
__device__ inline int64_t chunk_begin(int64_t chunk) {
    return static_cast<int64_t>(blockIdx.x) * chunk;
}
__device__ inline int64_t chunk_end(int64_t chunk, int64_t n) {
    const int64_t end = (static_cast<int64_t>(blockIdx.x) + 1) * chunk;
    return end < n ? end : n;
}

/// The sum of every thread's `value` over the block, returned to every thread (a tree in
/// shared memory). Every thread of the block must call it; the block has kBlockSize threads.
__device__ inline int64_t block_sum(int64_t value) {
    __shared__ int64_t sums[kBlockSize];
    const unsigned t = threadIdx.x;
    __syncthreads(); // A previous call's threads may still be reading sums[0].
    sums[t] = value;
    __syncthreads();
    for (unsigned stride = kBlockSize / 2; stride > 0; stride /= 2) {
        if (t < stride)
            sums[t] += sums[t + stride];
        __syncthreads();
    }
    return sums[0];
}

/// Stores the block's total of its threads' `count` at `counts[blockIdx.x]`.
__device__ inline void block_count(int64_t *counts, int64_t count) {
    const int64_t total = block_sum(count);
    if (threadIdx.x == 0)
        counts[blockIdx.x] = total;
}

/// The sum of `counts[0]` to `counts[blockIdx.x - 1]`: where this block's chunk writes.
__device__ inline int64_t block_offset(const int64_t *counts) {
    int64_t before = 0;
    for (unsigned b = threadIdx.x; b < blockIdx.x; b += blockDim.x)
        before += counts[b];
    return block_sum(before);
}

/// One tile of a compaction: the threads whose `keep` is true write their `value` to `out`
/// in thread order from position `found` on (a prefix sum of `keep` over the block in
/// shared memory), never at or past `limit`. Returns `found` plus the number kept (the
/// same in every thread). Every thread of the block must call it.
template <class T>
__device__ int64_t compact_tile(bool keep, T value, int64_t found, int64_t limit, T *out) {
    __shared__ int scan[kBlockSize]; // inclusive prefix sums of keep
    const unsigned t = threadIdx.x;
    __syncthreads(); // A previous tile's threads may still be reading scan.
    scan[t] = keep ? 1 : 0;
    __syncthreads();
    for (unsigned offset = 1; offset < kBlockSize; offset *= 2) {
        const int add = t >= offset ? scan[t - offset] : 0;
        __syncthreads();
        scan[t] += add;
        __syncthreads();
    }
    const int64_t at = found + scan[t] - (keep ? 1 : 0);
    if (keep && at < limit)
        out[at] = value;
    return found + scan[kBlockSize - 1];
}

namespace detail {
template <class T> __global__ void fill_kernel(T *target, T value) {
    *target = value;
}
} // namespace detail

/// A device-resident scalar holding `value`, written by a kernel on the default stream
/// (no host synchronization, unlike a copy from pageable host memory).
template <class T> DeviceArray<T, 0> scalar_to_device(T value) {
    DeviceArray<T, 0> out;
    detail::fill_kernel<<<1, 1>>>(out.data(), value);
    check_launch("initializing a device scalar");
    return out;
}

/// The IndexError record of one call of a generated function (npc::IndexErrorFlag's
/// device counterpart): kernels that index with integer arrays get data() and record the
/// first out-of-bounds index; raise_if_set() then throws NumPy's IndexError for it. One per
/// call, so that concurrent calls and separately compiled modules keep their own.
class IndexErrorFlag {
public:
    IndexErrorFlag() : state_(scalar_to_device(IndexErrorState{})) {}
    IndexErrorState *data() { return state_.data(); }
    /// Throws NumPy's IndexError for the recorded index, if any (waits for the kernels).
    void raise_if_set() const {
        const IndexErrorState s = scalar_to_host(state_);
        if (s.failed)
            throw_index_error(s.index, s.axis, s.size);
    }

private:
    DeviceArray<IndexErrorState, 0> state_;
};

/// Whether kernels of one call met a negative integer exponent (power_flagged): the host
/// then raises NumPy's ValueError, as npc::power does. One per call, like IndexErrorFlag.
class PowerErrorFlag {
public:
    PowerErrorFlag() : failed_(scalar_to_device(0u)) {}
    unsigned *data() { return failed_.data(); }
    /// True when a kernel recorded a negative exponent (waits for the kernels).
    bool is_set() const { return scalar_to_host(failed_) != 0; }

private:
    DeviceArray<unsigned, 0> failed_;
};

namespace detail {
/// Device memory that a pointer to an empty array stands in for (see nonnull).
template <class Tag = void> __device__ alignas(16) unsigned char empty_storage[64];
} // namespace detail

/// `data`, or, for an empty array's null pointer, 64 bytes of device memory: kernels that
/// index with integer arrays read element 0 in place of an out-of-bounds index (raising
/// the IndexError afterwards), which an empty axis would otherwise turn into an illegal
/// address.
template <class T> T *nonnull(T *data) {
    if (data)
        return data;
    void *storage = nullptr;
    check(cudaGetSymbolAddress(&storage, detail::empty_storage<>),
          "finding device memory for an empty array");
    return static_cast<T *>(storage);
}

} // namespace npc::cuda
#endif // __CUDACC__

#endif // NPC_RUNTIME_CUDA_H
