// Memory overlap of array views, as NumPy's np.may_share_memory tests it (by the bytes
// the views span).
#pragma once

#include "npc/array.h"

#include <cstdint>

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

} // namespace npc
