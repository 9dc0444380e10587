// Python indexing rules for generated code: wrapping and checking integer indices, and
// normalizing slices (start/stop/step with omitted parts) to a start, step and length.
#pragma once

#include "npc/config.h"
#include "npc/error.h"

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
