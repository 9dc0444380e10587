// Memory overlap of array views, as NumPy's np.may_share_memory tests it (by the bytes
// the views span), and snapshots of an argument that a loop nest reads while it writes
// another argument that shares its memory (see ir/passes/ArgumentOverlap.h).
#ifndef NPC_RUNTIME_OVERLAP_H
#define NPC_RUNTIME_OVERLAP_H

#include "npc/array.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>

namespace npc {

/// The bytes [begin, end) that view `v` spans (empty for an empty view). The pointers are
/// only compared, never read: device memory views work as well.
struct ByteSpan {
    const char *begin = nullptr;
    const char *end = nullptr;
};
template <class T, int Rank> ByteSpan byte_span(const ArrayView<T, Rank> &v) {
    if (v.size() == 0)
        return {};
    const char *first = reinterpret_cast<const char *>(v.data);
    const char *last = first;
    for (int a = 0; a < Rank; ++a) {
        const int64_t reach = (v.shape[a] - 1) * v.strides[a] * static_cast<int64_t>(sizeof(T));
        (reach < 0 ? first : last) += reach;
    }
    return {first, last + sizeof(T)};
}

/// True when two spans share a byte (np.may_share_memory: a bounds test, so views that
/// interleave without sharing an element count as overlapping).
inline bool spans_overlap(const ByteSpan &a, const ByteSpan &b) {
    return a.begin != a.end && b.begin != b.end && a.begin < b.end && b.begin < a.end;
}

/// True when view `v` may share memory with any of `others`.
template <class V, class... Others> bool shares_memory(const V &v, const Others &...others) {
    const ByteSpan span = byte_span(v);
    return (spans_overlap(span, byte_span(others)) || ...);
}

/// Argument `source` as it is when the snapshot is made, for a loop nest that writes the
/// arguments `written`. data() is source's own data pointer unless source shares memory
/// with one of `written`; then it points into a copy of the bytes source spans, at the same
/// offsets, so that the nest reads source's elements with source's strides and NumPy's
/// values: NumPy computes an operation's inputs before it writes its output (it copies an
/// overlapping input). `Bytes` holds the copy: constructed from (first byte, byte count),
/// with data(); npc::Snapshot on the host, npc::cuda::DeviceSnapshot on the device.
template <class T, class Bytes> class SpanSnapshot {
public:
    template <class U, int Rank, class... Written>
    requires std::is_same_v<std::remove_const_t<U>, T>
    explicit SpanSnapshot(const ArrayView<U, Rank> &source, const Written &...written)
        : data_(source.data) {
        if (!shares_memory(source, written...))
            return;
        const ByteSpan span = byte_span(source);
        copy_ = Bytes(span.begin, static_cast<std::size_t>(span.end - span.begin));
        data_ = reinterpret_cast<const T *>(
            copy_.data() + (reinterpret_cast<const char *>(source.data) - span.begin));
    }

    const T *data() const { return data_; }

private:
    Bytes copy_;
    const T *data_;
};

namespace detail {
/// A copy of host bytes (operator new[]'s alignment suits every element type npc uses).
class HostBytes {
public:
    HostBytes() = default;
    HostBytes(const char *first, std::size_t count)
        : bytes_(std::make_unique_for_overwrite<char[]>(count)) {
        std::memcpy(bytes_.get(), first, count);
    }
    const char *data() const { return bytes_.get(); }

private:
    std::unique_ptr<char[]> bytes_;
};
} // namespace detail

/// The OpenMP target's snapshot of an argument (see SpanSnapshot).
template <class T> using Snapshot = SpanSnapshot<T, detail::HostBytes>;

} // namespace npc

#endif // NPC_RUNTIME_OVERLAP_H
