// Integer ufuncs whose C++ operators have undefined or implementation-defined cases that
// NumPy defines: bitwise and/or/xor/invert at the operand's width, shifts by counts that
// are negative or not less than the bit width, and fmod (C's truncated remainder) by 0.
#ifndef NPC_RUNTIME_BITWISE_H
#define NPC_RUNTIME_BITWISE_H

#include "npc/config.h"

#include <climits>
#include <cmath>
#include <cstdint>
#include <type_traits>

namespace npc {

/// numpy.bitwise_and / bitwise_or / bitwise_xor on integers and bools, at T's width.
template <class T> NPC_HD constexpr T bitwise_and(T a, T b) { return static_cast<T>(a & b); }
template <class T> NPC_HD constexpr T bitwise_or(T a, T b) { return static_cast<T>(a | b); }
template <class T> NPC_HD constexpr T bitwise_xor(T a, T b) { return static_cast<T>(a ^ b); }

/// numpy.invert (`~`) on integers; on bool it is logical not, as in NumPy.
template <class T> NPC_HD constexpr T invert(T a) {
    if constexpr (std::is_same_v<T, bool>)
        return !a;
    else
        return static_cast<T>(~a);
}

namespace detail {
/// True when `count` is a valid shift for T: 0 <= count < bits (negative counts, read as
/// unsigned like NumPy does, are huge).
template <class T> NPC_HD constexpr bool shift_in_range(T count) {
    return static_cast<uint64_t>(static_cast<int64_t>(count)) < sizeof(T) * CHAR_BIT;
}
} // namespace detail

/// numpy.left_shift (`<<`): bits shifted out are lost (computed in unsigned arithmetic,
/// so no overflow); a count outside [0, bits) gives 0.
template <class T> NPC_HD constexpr T left_shift(T a, T count) {
    if (!detail::shift_in_range(count))
        return 0;
    using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) << count));
}

/// numpy.right_shift (`>>`): arithmetic for signed types; a count outside [0, bits)
/// gives 0, or -1 for a negative signed value.
template <class T> NPC_HD constexpr T right_shift(T a, T count) {
    if (!detail::shift_in_range(count)) {
        if constexpr (std::is_signed_v<T>)
            return a < 0 ? T(-1) : T(0);
        else
            return 0;
    }
    return static_cast<T>(a >> count);
}

/// numpy.fmod: the remainder of truncated division, with the sign of the dividend
/// (C's fmod for floats). Integer fmod by 0 gives 0 like NumPy, MIN fmod -1 gives 0.
template <class T> NPC_HD inline T fmod(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
        return std::fmod(a, b);
    } else {
        if (b == 0)
            return 0;
        if constexpr (std::is_signed_v<T>) {
            if (b == -1)
                return 0;
        }
        return static_cast<T>(a % b);
    }
}

} // namespace npc

#endif // NPC_RUNTIME_BITWISE_H
