// N-d arrays of generated code: ArrayView (non-owning, strided) and Array (owning,
// C-contiguous, 64-byte aligned), plus NumPy broadcasting helpers for extents and strides.
#ifndef NPC_RUNTIME_ARRAY_H
#define NPC_RUNTIME_ARRAY_H

#include "npc/arith.h"
#include "npc/config.h"
#include "npc/error.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace npc {

/// Extents or strides of a rank-`Rank` array.
template <int Rank> using Shape = std::array<int64_t, Rank>;

namespace detail {
/// Element `i` of a shape or strides array, usable in host-device code: nvcc refuses
/// std::array's constexpr host accessors in device code unless --expt-relaxed-constexpr.
template <class A> NPC_HD constexpr auto &elem(A &a, int i) {
#if NPC_DEVICE_PASS
    return reinterpret_cast<std::conditional_t<std::is_const_v<A>, const int64_t *, int64_t *>>(
        &a)[i];
#else
    return a[static_cast<std::size_t>(i)];
#endif
}
} // namespace detail

/// Strides, in elements, of a C-contiguous (row-major) array of shape `shape`: the last
/// axis has stride 1. Zero extents count as 1 so that strides stay positive.
template <int Rank> NPC_HD constexpr Shape<Rank> contiguous_strides(const Shape<Rank> &shape) {
    Shape<Rank> strides{};
    int64_t step = 1;
    for (int axis = Rank - 1; axis >= 0; --axis) {
        detail::elem(strides, axis) = step;
        const int64_t extent = detail::elem(shape, axis);
        step *= extent > 1 ? extent : 1;
    }
    return strides;
}

/// Number of elements of an array of shape `shape` (1 for rank 0, as in NumPy).
template <int Rank> NPC_HD constexpr int64_t shape_size(const Shape<Rank> &shape) {
    int64_t n = 1;
    for (int axis = 0; axis < Rank; ++axis)
        n *= detail::elem(shape, axis);
    return n;
}

/// A non-owning view of a strided N-d array of `T` (const T for read-only), like a NumPy
/// ndarray that does not own its data. `Rank` may be 0: a view of one scalar.
///
/// `strides` count ELEMENTS, not bytes (NumPy's `a.strides` are bytes): element
/// (i0, ..., iN-1) lives at `data[i0 * strides[0] + ... + iN-1 * strides[N-1]]`. Strides may
/// be zero (broadcast) or negative (reversed slices). A view never checks bounds.
///
/// Member functions are host-device. Device code that reads `shape[i]`/`strides[i]` itself
/// needs nvcc's --expt-relaxed-constexpr (std::array's accessors are constexpr host code).
template <class T, int Rank> struct ArrayView {
    static_assert(Rank >= 0, "rank must be non-negative");
    using element_type = T;
    using value_type = std::remove_cv_t<T>;
    static constexpr int rank = Rank;

    T *data = nullptr;
    Shape<Rank> shape{};
    Shape<Rank> strides{};

    constexpr ArrayView() = default;
    /// A C-contiguous view of `extents` starting at `first` (parameters named apart from
    /// the members, for -Wshadow).
    NPC_HD constexpr ArrayView(T *first, const Shape<Rank> &extents)
        : data(first), shape(extents), strides(contiguous_strides<Rank>(extents)) {}
    /// A view with explicit strides (`steps`, in elements).
    NPC_HD constexpr ArrayView(T *first, const Shape<Rank> &extents, const Shape<Rank> &steps)
        : data(first), shape(extents), strides(steps) {}
    /// Implicit T -> const T conversion (a writable view is also a read-only one).
    template <class U>
    requires(std::is_same_v<const U, T> && !std::is_same_v<U, T>) NPC_HD
        constexpr ArrayView(const ArrayView<U, Rank> &other)
        : data(other.data), shape(other.shape), strides(other.strides) {}

    /// Number of elements: the product of the extents (1 for rank 0).
    NPC_HD constexpr int64_t size() const { return shape_size<Rank>(shape); }

    /// The element at (idx...), one integer index per axis, none for rank 0. Indices must
    /// already be in range and non-negative (see normalize_index in npc/index.h).
    template <class... I>
    requires(sizeof...(I) == Rank && (std::is_integral_v<I> && ...)) NPC_HD constexpr T &
    operator()(I... idx) const {
        int64_t offset = 0;
        [[maybe_unused]] int axis = 0;
        ((offset += static_cast<int64_t>(idx) * detail::elem(strides, axis++)), ...);
        return data[offset];
    }
};

/// True if `v` is laid out in C order without gaps (size-1 and empty arrays always are).
template <class T, int Rank> constexpr bool is_c_contiguous(const ArrayView<T, Rank> &v) {
    if (v.size() <= 1)
        return true;
    int64_t step = 1;
    for (int axis = Rank - 1; axis >= 0; --axis) {
        if (v.shape[axis] != 1 && v.strides[axis] != step)
            return false;
        step *= v.shape[axis];
    }
    return true;
}

/// Owning, C-contiguous N-d array of a trivially copyable element type (bool, fixed-width
/// ints, float, double, std::complex), with 64-byte aligned storage. Elements are left
/// uninitialized on construction, like `np.empty`. Copies are deep; a moved-from array is
/// empty (rank 0: a null data pointer) and may only be assigned to or destroyed.
template <class T, int Rank> class Array {
    static_assert(Rank >= 0, "rank must be non-negative");
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                  "npc::Array holds trivially copyable elements only");
    static_assert(!std::is_const_v<T>, "use ArrayView<const T> for read-only access");

public:
    using value_type = T;
    static constexpr int rank = Rank;
    static constexpr std::size_t alignment = 64;

    /// An empty array (all extents 0; rank 0 holds one element).
    Array() : Array(Shape<Rank>{}) {}
    /// An uninitialized array of `shape`, e.g. `Array<double, 2> a({n, m})`.
    /// Throws ValueError("negative dimensions are not allowed") for a negative extent, and
    /// ValueError when the byte size overflows.
    explicit Array(const Shape<Rank> &shape) : shape_(shape) {
        // The product skips zero extents: strides (which count them as 1) must fit too.
        int64_t product = 1;
        bool empty = false;
        for (int64_t extent : shape) {
            if (extent < 0)
                throw ValueError("negative dimensions are not allowed");
            empty = empty || extent == 0;
            if (extent > 1 && product > std::numeric_limits<int64_t>::max() / extent)
                throw_too_big();
            product *= extent > 1 ? extent : 1;
        }
        if (product > std::numeric_limits<int64_t>::max() / static_cast<int64_t>(sizeof(T)))
            throw_too_big();
        strides_ = contiguous_strides<Rank>(shape);
        const int64_t n = empty ? 0 : product;
        // Zero-size arrays still get a (tiny) allocation so data() is never null.
        std::size_t bytes = static_cast<std::size_t>(n) * sizeof(T);
        bytes = (bytes + alignment - 1) / alignment * alignment;
        data_.reset(static_cast<T *>(
            ::operator new (bytes == 0 ? alignment : bytes, std::align_val_t{alignment})));
        advise_huge_pages(data_.get(), bytes);
    }

    Array(const Array &other) : Array(other.shape_) {
        std::memcpy(static_cast<void *>(data()), other.data(), nbytes());
    }
    Array(Array &&other) noexcept
        : data_(std::move(other.data_)), shape_(std::exchange(other.shape_, Shape<Rank>{})),
          strides_(other.strides_) {}
    Array &operator=(const Array &other) {
        if (this != &other)
            *this = Array(other);
        return *this;
    }
    Array &operator=(Array &&other) noexcept {
        data_ = std::move(other.data_);
        shape_ = std::exchange(other.shape_, Shape<Rank>{});
        strides_ = other.strides_;
        return *this;
    }
    ~Array() = default;

    T *data() { return data_.get(); }
    const T *data() const { return data_.get(); }
    const Shape<Rank> &shape() const { return shape_; }
    /// Strides in elements (C order; see contiguous_strides).
    const Shape<Rank> &strides() const { return strides_; }
    int64_t size() const { return shape_size<Rank>(shape_); }
    std::size_t nbytes() const { return static_cast<std::size_t>(size()) * sizeof(T); }

    ArrayView<T, Rank> view() { return {data(), shape_, strides_}; }
    ArrayView<const T, Rank> view() const { return {data(), shape_, strides_}; }
    operator ArrayView<T, Rank>() { return view(); }
    operator ArrayView<const T, Rank>() const { return view(); }

    /// The element at (idx...); no bounds check.
    template <class... I>
    requires(sizeof...(I) == Rank && (std::is_integral_v<I> && ...)) T &operator()(I... idx) {
        return view()(idx...);
    }
    template <class... I>
    requires(sizeof...(I) == Rank && (std::is_integral_v<I> && ...)) const T &
    operator()(I... idx) const {
        return view()(idx...);
    }

private:
    struct AlignedDelete {
        void operator()(T *p) const noexcept {
            ::operator delete (static_cast<void *>(p), std::align_val_t{alignment});
        }
    };

    /// Asks Linux for transparent huge pages on large buffers, as NumPy does (its
    /// arrays of 4 MiB and more): 512 times fewer page faults on first touch.
    static void advise_huge_pages(void *p, std::size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        constexpr std::size_t page = 4096, threshold = std::size_t{4} << 20;
        if (bytes < threshold)
            return;
        auto begin = (reinterpret_cast<std::uintptr_t>(p) + page - 1) / page * page;
        auto end = (reinterpret_cast<std::uintptr_t>(p) + bytes) / page * page;
        if (end > begin)
            madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
#else
        (void)p;
        (void)bytes;
#endif
    }

    [[noreturn]] static void throw_too_big() {
        throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than "
                         "the maximum possible size.");
    }

    std::unique_ptr<T, AlignedDelete> data_;
    Shape<Rank> shape_;
    Shape<Rank> strides_;
};

namespace detail {
/// Copies the elements of `src` in C order to `dst`, one axis per recursion level.
template <int Axis, class T, int Rank>
void copy_strided(const ArrayView<const T, Rank> &src, const T *from, T *&dst) {
    if constexpr (Axis == Rank) {
        *dst++ = *from;
    } else if constexpr (Axis == Rank - 1) {
        for (int64_t i = 0; i < src.shape[Axis]; ++i)
            *dst++ = from[i * src.strides[Axis]];
    } else {
        for (int64_t i = 0; i < src.shape[Axis]; ++i)
            copy_strided<Axis + 1>(src, from + i * src.strides[Axis], dst);
    }
}
} // namespace detail

/// A C-contiguous copy of any view, like `np.array(v, copy=True)`.
template <class T, int Rank>
Array<std::remove_const_t<T>, Rank> contiguous_copy(const ArrayView<T, Rank> &v) {
    using U = std::remove_const_t<T>;
    Array<U, Rank> out(v.shape);
    ArrayView<const U, Rank> src(v.data, v.shape, v.strides);
    if (out.size() == 0)
        return out;
    if (is_c_contiguous(src)) {
        std::memcpy(static_cast<void *>(out.data()), src.data, out.nbytes());
        return out;
    }
    U *dst = out.data();
    detail::copy_strided<0>(src, src.data, dst);
    return out;
}

/// NumPy broadcasting of one dimension: equal extents give that extent, an extent of 1
/// stretches to the other. Throws ValueError otherwise (see throw_broadcast_error).
inline int64_t broadcast_dim(int64_t a, int64_t b) {
    if (a == b || b == 1)
        return a;
    if (a == 1)
        return b;
    throw_broadcast_error(a, b);
}

/// Stride (in elements) to use for `axis` of `v` inside a loop over the broadcast shape:
/// 0 when the extent is 1, so that the single element is reused; `v.strides[axis]`
/// otherwise. 0 on every axis of an empty array too: the only reads of one are of the
/// element an out-of-bounds index array element stands in for (see checked_index), and
/// with zero strides they stay on that one element. `V` is an ArrayView (or has
/// std::array<int64_t, R> `shape` and `strides`).
template <class V> NPC_HD constexpr int64_t bcast_stride(const V &v, int axis) {
    constexpr int rank = static_cast<int>(sizeof(v.shape) / sizeof(int64_t));
    for (int a = 0; a < rank; ++a) // detail::elem: std::array's members are host-only
        if (detail::elem(v.shape, a) == 0)
            return 0;
    return detail::elem(v.shape, axis) == 1 ? 0 : detail::elem(v.strides, axis);
}

} // namespace npc

#endif // NPC_RUNTIME_ARRAY_H
