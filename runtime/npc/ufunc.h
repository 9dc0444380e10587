// Scalar building blocks of NumPy's ufuncs as generated code calls them: integer
// arithmetic that wraps like NumPy's fixed-width ints (no C++ undefined behaviour),
// NaN-propagating minimum/maximum, and the slice helpers used in kernel prologues.
#ifndef NPC_RUNTIME_UFUNC_H
#define NPC_RUNTIME_UFUNC_H

#include "npc/arith.h"
#include "npc/bitwise.h"
#include "npc/complex.h"
#include "npc/config.h"
#include "npc/index.h"

#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

// glibc's libmvec: vector variants of exp, log, sin and cos (glibc 2.22 and later), which
// g++ calls in loops under `#pragma omp simd`, 2 to 8 elements at a time. They agree with
// the scalar functions, and with NumPy's, within 4 ULP. Defining NPC_NO_LIBMVEC before
// including the runtime keeps the scalar functions (clang, nvcc and other C libraries
// always use them).
#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__) && defined(__x86_64__) &&     \
    defined(__GLIBC__) && !defined(NPC_NO_LIBMVEC)
#if __GLIBC_PREREQ(2, 22)
extern "C" {
__attribute__((simd("notinbranch"))) double exp(double) noexcept;
__attribute__((simd("notinbranch"))) float expf(float) noexcept;
__attribute__((simd("notinbranch"))) double log(double) noexcept;
__attribute__((simd("notinbranch"))) float logf(float) noexcept;
__attribute__((simd("notinbranch"))) double sin(double) noexcept;
__attribute__((simd("notinbranch"))) float sinf(float) noexcept;
__attribute__((simd("notinbranch"))) double cos(double) noexcept;
__attribute__((simd("notinbranch"))) float cosf(float) noexcept;
}
#endif
#endif

namespace npc {

/// Marks an omitted slice bound (`a[:3]` has no start) in slice_start/slice_length.
inline constexpr int64_t none = INT64_MIN;

namespace detail {
inline std::optional<int64_t> bound(int64_t b) {
    return b == none ? std::nullopt : std::optional<int64_t>(b);
}
} // namespace detail

/// First element of `start:stop:step` over an axis of extent `size` (Python semantics).
inline int64_t slice_start(int64_t size, int64_t start, int64_t stop, int64_t step) {
    return normalize_slice(size, detail::bound(start), detail::bound(stop), step).start;
}

/// Number of elements of `start:stop:step` over an axis of extent `size` (clamped).
inline int64_t slice_length(int64_t size, int64_t start, int64_t stop, int64_t step) {
    return normalize_slice(size, detail::bound(start), detail::bound(stop), step).length;
}

/// len(range(start, stop, step)); throws ValueError for a zero step as Python does.
inline int64_t range_length(int64_t start, int64_t stop, int64_t step) {
    if (step == 0)
        throw ValueError("range() arg 3 must not be zero");
    if (step > 0)
        return stop > start ? static_cast<int64_t>((static_cast<uint64_t>(stop) - static_cast<uint64_t>(start) - 1) / static_cast<uint64_t>(step) + 1) : 0;
    return start > stop ? static_cast<int64_t>((static_cast<uint64_t>(start) - static_cast<uint64_t>(stop) - 1) / (0 - static_cast<uint64_t>(step)) + 1) : 0;
}

/// a + b, a - b, a * b, -a with two's-complement wraparound (numpy.add etc. on ints).
template <class T> NPC_HD constexpr T wrapping_add(T a, T b) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
}
template <class T> NPC_HD constexpr T wrapping_sub(T a, T b) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
}
template <class T> NPC_HD constexpr T wrapping_mul(T a, T b) {
    // uint16 * uint16 would promote to (signed) int and overflow: widen explicitly.
    using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
}
template <class T> NPC_HD constexpr T wrapping_neg(T a) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(U{0} - static_cast<U>(a)));
}

/// numpy.absolute: |a|; the most negative integer stays itself (wraps, as in NumPy).
template <class T> NPC_HD constexpr T absolute(T a) {
    if constexpr (std::is_floating_point_v<T>)
        return std::fabs(a);
    else
        return a < 0 ? wrapping_neg(a) : a;
}

/// numpy.isnan for real dtypes (false for integers).
template <class T> NPC_HD constexpr bool isnan(T a) {
    if constexpr (std::is_floating_point_v<T>)
        return a != a;
    else
        return false;
}

/// numpy.isinf / numpy.isfinite for real dtypes (integers are always finite).
template <class T> NPC_HD constexpr bool isinf(T a) {
    if constexpr (std::is_floating_point_v<T>)
        return a == a && a - a != a - a; // inf - inf is NaN; finite - itself is 0
    else
        return false;
}
template <class T> NPC_HD constexpr bool isfinite(T a) {
    if constexpr (std::is_floating_point_v<T>)
        return a - a == a - a; // NaN for inf and NaN
    else
        return true;
}

/// numpy.sign: -1, 0 or 1 in T; NaN stays NaN, and zero of either sign gives +0.0.
template <class T> NPC_HD constexpr T sign(T a) {
    if constexpr (std::is_floating_point_v<T>)
        return a > 0 ? T(1) : a < 0 ? T(-1) : a == 0 ? T(0) : a;
    else if constexpr (std::is_signed_v<T>)
        return static_cast<T>((a > 0) - (a < 0));
    else
        return static_cast<T>(a > 0);
}

/// numpy.fmin / numpy.fmax: like minimum/maximum, but a NaN operand is ignored (the
/// result is NaN only when both are).
template <class T> NPC_HD constexpr T fmin(T a, T b) {
    if constexpr (std::is_floating_point_v<T>)
        return (a < b || b != b) ? a : b;
    else
        return a < b ? a : b;
}
template <class T> NPC_HD constexpr T fmax(T a, T b) {
    if constexpr (std::is_floating_point_v<T>)
        return (a > b || b != b) ? a : b;
    else
        return a > b ? a : b;
}

/// numpy.minimum / numpy.maximum: a NaN in either operand is the result.
template <class T> NPC_HD constexpr T minimum(T a, T b) {
    if constexpr (std::is_floating_point_v<T>)
        return (a < b || a != a) ? a : b;
    else
        return a < b ? a : b;
}
template <class T> NPC_HD constexpr T maximum(T a, T b) {
    if constexpr (std::is_floating_point_v<T>)
        return (a > b || a != a) ? a : b;
    else
        return a > b ? a : b;
}

/// True when element (v, i) comes before element (w, j) in numpy.argmin's order
/// (numpy.argmax's when !Min): a NaN first (NumPy's argmin/argmax return the first NaN),
/// then the smaller (larger) value, then the smaller position. A total order, so partial
/// results of a parallel argmin/argmax combine to NumPy's result in any order.
template <bool Min, class T> NPC_HD constexpr bool arg_better(T v, int64_t i, T w, int64_t j) {
    if constexpr (std::is_floating_point_v<T>) {
        const bool vNan = v != v, wNan = w != w;
        if (vNan || wNan)
            return vNan && (!wNan || i < j);
    }
    if (v == w)
        return i < j;
    return Min ? v < w : w < v;
}

} // namespace npc

/// Parallel loop nests computing fewer elements than this run on the calling thread
/// (`#pragma omp parallel for if(...)`): starting and joining threads costs microseconds,
/// about what a few thousand elements take. Define it before including npc's headers to
/// change it (0: every parallel loop uses all threads).
#ifndef NPC_PARALLEL_MIN_WORK
#define NPC_PARALLEL_MIN_WORK 4096
#endif

#if defined(_OPENMP) && !NPC_DEVICE_PASS
// OpenMP reductions `reduction(npc_minimum : acc)` and `npc_maximum` with NumPy's
// NaN-propagating minimum/maximum (OpenMP's own min/max leave NaN handling unspecified).
// Each thread starts from the accumulator's value before the loop, which min and max
// may combine with any number of times.
// clang-format off
#pragma omp declare reduction(npc_minimum : float : omp_out = npc::minimum<float>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_maximum : float : omp_out = npc::maximum<float>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_minimum : double : omp_out = npc::minimum<double>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_maximum : double : omp_out = npc::maximum<double>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_minimum : int8_t : omp_out = npc::minimum<int8_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_maximum : int8_t : omp_out = npc::maximum<int8_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_minimum : int16_t : omp_out = npc::minimum<int16_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_maximum : int16_t : omp_out = npc::maximum<int16_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_minimum : int32_t : omp_out = npc::minimum<int32_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_maximum : int32_t : omp_out = npc::maximum<int32_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_minimum : int64_t : omp_out = npc::minimum<int64_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_maximum : int64_t : omp_out = npc::maximum<int64_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_minimum : uint8_t : omp_out = npc::minimum<uint8_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_maximum : uint8_t : omp_out = npc::maximum<uint8_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_minimum : uint16_t : omp_out = npc::minimum<uint16_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_maximum : uint16_t : omp_out = npc::maximum<uint16_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_minimum : uint32_t : omp_out = npc::minimum<uint32_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_maximum : uint32_t : omp_out = npc::maximum<uint32_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_minimum : uint64_t : omp_out = npc::minimum<uint64_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(npc_maximum : uint64_t : omp_out = npc::maximum<uint64_t>(omp_out, omp_in)) \
    initializer(omp_priv = omp_orig)
// Sums and products of int32 and int64 wrap, as NumPy's do; OpenMP's `+` and `*` would
// combine the threads' partial results with a signed overflow, which C++ leaves undefined.
#pragma omp declare reduction(npc_wrapping_add : int32_t : omp_out = npc::wrapping_add<int32_t>(omp_out, omp_in)) \
    initializer(omp_priv = 0)
#pragma omp declare reduction(npc_wrapping_add : int64_t : omp_out = npc::wrapping_add<int64_t>(omp_out, omp_in)) \
    initializer(omp_priv = 0)
#pragma omp declare reduction(npc_wrapping_mul : int32_t : omp_out = npc::wrapping_mul<int32_t>(omp_out, omp_in)) \
    initializer(omp_priv = 1)
#pragma omp declare reduction(npc_wrapping_mul : int64_t : omp_out = npc::wrapping_mul<int64_t>(omp_out, omp_in)) \
    initializer(omp_priv = 1)
// clang-format on
#endif

namespace npc {

/// numpy.power for integers inside parallel loops, which exceptions cannot leave: a
/// negative exponent sets `failed` and gives 0; the caller then throws NumPy's
/// ValueError("Integers to negative integer powers are not allowed.").
template <class T> inline T power_flagged(T base, T exp, std::atomic<bool> &failed) {
    if constexpr (std::is_signed_v<T>) {
        if (exp < 0) {
            failed.store(true, std::memory_order_relaxed);
            return 0;
        }
    }
    return power(base, exp);
}

/// A whole-array numpy.argmin (numpy.argmax when !Min) on all OpenMP threads: each runs
/// `body(i, value, position)` over its share of `i` in [0, n) in order, from the state
/// (`value`, `position`) had before (the first extreme of the share, by the serial loop's
/// rule), and the threads' results combine by arg_better into `value` and `position`.
/// Without OpenMP, or when not `parallel` (a small array), one loop over [0, n).
template <bool Min, class T, class Body>
void parallel_arg_reduce(T &value, int64_t &position, int64_t n, bool parallel, Body body) {
#if !defined(_OPENMP) || NPC_DEVICE_PASS
    (void)parallel;
    for (int64_t i = 0; i < n; ++i)
        body(i, value, position);
#else
    const T startValue = value;
    const int64_t startPosition = position;
#pragma omp parallel if (parallel)
    {
        T v = startValue;
        int64_t p = startPosition;
#pragma omp for schedule(static) nowait
        for (int64_t i = 0; i < n; ++i)
            body(i, v, p);
#pragma omp critical(npc_parallel_arg_reduce)
        if (arg_better<Min>(v, p, value, position)) {
            value = v;
            position = p;
        }
    }
#endif
}

/// Identities of min/max reductions: +inf, and the extreme finite values of a dtype.
/// Host code only (std::numeric_limits is not device code); kernels use npc::cuda's.
template <class T> constexpr T infinity() { return std::numeric_limits<T>::infinity(); }
template <class T> constexpr T lowest() { return std::numeric_limits<T>::lowest(); }
template <class T> constexpr T highest() { return std::numeric_limits<T>::max(); }

} // namespace npc

#endif // NPC_RUNTIME_UFUNC_H
