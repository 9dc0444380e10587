// Python indexing rules for generated code: wrapping and checking integer indices, and
// normalizing slices (start/stop/step with omitted parts) to a start, step and length.
#ifndef NPC_RUNTIME_INDEX_H
#define NPC_RUNTIME_INDEX_H

#include "npc/config.h"
#include "npc/error.h"

#include <atomic>
#include <cstdint>
#include <optional>

namespace npc {

/// An integer index `i` into an axis of extent `size`, as NumPy applies it: negative
/// indices count from the end (-1 is the last element). Throws IndexError("index 5 is out
/// of bounds for axis 0 with size 5") outside [-size, size); indices are never clamped.
inline int64_t normalize_index(int64_t i, int64_t size, int axis) {
    int64_t j = i < 0 ? i + size : i;
    if (j < 0 || j >= size)
        throw_index_error(i, axis, size);
    return j;
}

/// The first out-of-bounds index met by checked_index in a parallel loop, which cannot
/// throw: the loop goes on reading element 0 instead, and the generated code calls
/// raise_if_set() once the loop is done (NumPy raises before using any element).
class IndexErrorFlag {
public:
    void record(int64_t index, int axis, int64_t size) {
        bool expected = false;
        if (failed_.compare_exchange_strong(expected, true)) {
            index_ = index;
            axis_ = axis;
            size_ = size;
        }
    }
    /// Throws NumPy's IndexError for the recorded index, if any (and clears the flag).
    void raise_if_set() {
        if (!failed_.load())
            return;
        failed_.store(false);
        throw_index_error(index_, axis_, size_);
    }

private:
    std::atomic<bool> failed_{false};
    int64_t index_ = 0, size_ = 0;
    int axis_ = 0;
};

/// An element of an integer index array (numpy's advanced indexing) into an axis of
/// extent `size`: negative indices count from the end. Outside [-size, size) the index is
/// recorded in `flag` (see IndexErrorFlag) and 0 is returned, so the loop stays in bounds
/// (an empty axis has no element 0, but then every index is out of bounds and nothing is
/// read before the error is raised... the caller never loads with a flagged index).
inline int64_t checked_index(int64_t i, int64_t size, int axis, IndexErrorFlag &flag) {
    int64_t j = i < 0 ? i + size : i;
    if (j < 0 || j >= size) [[unlikely]] {
        flag.record(i, axis, size);
        return 0;
    }
    return j;
}

/// A normalized slice: elements start, start + step, ..., `length` of them.
struct SliceRange {
    int64_t start;
    int64_t step;
    int64_t length;
};

/// Normalizes `start:stop:step` of an axis of extent `size` like Python's slice.indices():
/// omitted bounds (nullopt) default by the sign of step, negative bounds count from the end,
/// and out-of-range bounds clamp (`a[6:]` of 5 elements is empty). Throws
/// ValueError("slice step cannot be zero") for step 0.
inline SliceRange normalize_slice(int64_t size, std::optional<int64_t> start,
                                  std::optional<int64_t> stop, int64_t step = 1) {
    if (step == 0)
        throw ValueError("slice step cannot be zero");
    // For a negative step the valid positions run from size - 1 down to -1 (exclusive).
    const int64_t lower = step < 0 ? -1 : 0;
    const int64_t upper = step < 0 ? size - 1 : size;
    auto clamp = [&](std::optional<int64_t> bound, int64_t fallback) {
        if (!bound)
            return fallback;
        int64_t b = *bound < 0 ? *bound + size : *bound;
        if (b < lower)
            return lower;
        return b > upper ? upper : b;
    };
    const int64_t first = clamp(start, step < 0 ? upper : lower);
    const int64_t last = clamp(stop, step < 0 ? lower : upper);
    int64_t length = 0;
    if (step > 0 && first < last)
        length = (last - first - 1) / step + 1;
    if (step < 0 && last < first)
        length = -((first - last - 1) / step) + 1; // Not / -step: -INT64_MIN overflows.
    return {first, step, length};
}

} // namespace npc

#endif // NPC_RUNTIME_INDEX_H
