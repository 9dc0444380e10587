// Scalar arithmetic with NumPy semantics that C++ operators lack: floored division and
// modulo (Python's `//` and `%`), integer power, gcd and lcm, for ints and floats; ldexp
// and frexp for floats.
#ifndef NPC_RUNTIME_ARITH_H
#define NPC_RUNTIME_ARITH_H

#include "npc/config.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>

#if !NPC_DEVICE_PASS
#include "npc/error.h"
#endif

namespace npc {

/// Integer types NumPy does integer arithmetic on (bool excluded: NumPy promotes it first).
template <class T>
concept NumpyInteger = std::is_integral_v<T> && !std::is_same_v<T, bool>;

namespace detail {
/// Unsigned type at least as wide as `unsigned int`, so that multiplying two values never
/// promotes to signed int (uint16 * uint16 would overflow int, which is UB).
template <class T>
using WrapUInt =
    std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
} // namespace detail

/// `a // b` for integers, as `np.floor_divide`: the quotient rounded toward negative
/// infinity (-7 // 2 == -4). Division by zero gives 0 (NumPy warns, Python raises), and
/// MIN // -1 wraps to MIN like NumPy instead of trapping. Both operands must have the
/// result dtype: the compiler casts before calling.
template <NumpyInteger T> NPC_HD constexpr T floor_div(T a, T b) {
    if (b == 0)
        return 0;
    if constexpr (std::is_signed_v<T>) {
        if (b == -1) // Negate in unsigned arithmetic: -MIN overflows.
            return static_cast<T>(detail::WrapUInt<T>(0) - static_cast<detail::WrapUInt<T>>(a));
        T q = static_cast<T>(a / b);
        if (a % b != 0 && (a < 0) != (b < 0))
            --q;
        return q;
    }
    return static_cast<T>(a / b);
}

/// `a % b` for integers, as `np.remainder`: the result has the sign of the divisor
/// (-7 % 2 == 1, 7 % -2 == -1), and `a == floor_div(a, b) * b + floor_mod(a, b)`.
/// Modulo by zero gives 0 like NumPy.
template <NumpyInteger T> NPC_HD constexpr T floor_mod(T a, T b) {
    if (b == 0)
        return 0;
    if constexpr (std::is_signed_v<T>) {
        if (b == -1) // MIN % -1 traps on x86; the answer is always 0.
            return 0;
        T r = static_cast<T>(a % b);
        if (r != 0 && (r < 0) != (b < 0))
            r = static_cast<T>(r + b);
        return r;
    }
    return static_cast<T>(a % b);
}

/// `a % b` for floats, as `np.remainder` (NumPy's npy_remainder, like CPython's float %):
/// fmod corrected to take the divisor's sign; an exact zero takes the divisor's sign too
/// (-4.0 % 2.0 == 0.0, 4.0 % -2.0 == -0.0); `b == 0` gives NaN.
template <class T>
requires std::is_floating_point_v<T> NPC_HD inline T floor_mod(T a, T b) {
    T mod = std::fmod(a, b);
    if (b == 0)
        return mod; // fmod(a, 0) is NaN.
    if (mod == 0)
        return std::copysign(T(0), b);
    if ((b < 0) != (mod < 0))
        mod += b;
    return mod;
}

/// `a // b` for floats, as `np.floor_divide` (NumPy's npy_floor_divide, like CPython's
/// float //): derived from the corrected fmod so that `a == q * b + floor_mod(a, b)` holds
/// as closely as rounding allows (1.0 // 0.1 == 9.0, not 10.0); `b == 0` gives a / b
/// (+-inf or NaN); a zero quotient takes the sign of a / b.
template <class T>
requires std::is_floating_point_v<T> NPC_HD inline T floor_div(T a, T b) {
    if (b == 0)
        return a / b;
    T mod = std::fmod(a, b);
    T div = (a - mod) / b; // Very nearly an integer.
    if (mod != 0 && (b < 0) != (mod < 0))
        div -= 1;
    if (div == 0)
        return std::copysign(T(0), a / b);
    T q = std::floor(div);
    if (div - q > T(0.5)) // Snap to the nearest integer when rounding left us below it.
        q += 1;
    return q;
}

/// `base ** exp` for integers, as `np.power`: exponentiation by squaring, wrapping modulo
/// 2^bits like NumPy's fixed-width ints (computed in unsigned arithmetic, so no UB).
/// Throws ValueError("Integers to negative integer powers are not allowed.") for exp < 0,
/// like NumPy; device code cannot throw and returns 0 instead.
template <NumpyInteger T> NPC_HD constexpr T power(T base, T exp) {
    if constexpr (std::is_signed_v<T>) {
        if (exp < 0) {
#if NPC_DEVICE_PASS
            return 0;
#else
            throw ValueError("Integers to negative integer powers are not allowed.");
#endif
        }
    }
    using U = detail::WrapUInt<T>;
    U result = 1;
    U b = static_cast<U>(base);
    auto e = static_cast<std::make_unsigned_t<T>>(exp);
    while (e != 0) {
        if (e & 1u)
            result = static_cast<U>(result * b);
        b = static_cast<U>(b * b);
        e = static_cast<decltype(e)>(e >> 1);
    }
    return static_cast<T>(result);
}

/// `base ** exp` for floats, as `np.power` (C's pow: 0 ** -1 is inf, (-8) ** (1/3) is NaN).
template <class T>
requires std::is_floating_point_v<T> NPC_HD inline T power(T base, T exp) {
    return std::pow(base, exp);
}

/// The number of bits of `n` >= 0 (0 for 0), as C++20's std::bit_width: the steps a
/// binary search over n elements takes when each halves the range (numpy.searchsorted).
NPC_HD inline int64_t bit_width(int64_t n) {
#if NPC_DEVICE_PASS
    return 64 - __clzll(static_cast<long long>(n));
#else
    return static_cast<int64_t>(std::bit_width(static_cast<uint64_t>(n)));
#endif
}

/// The unsigned integer of `x`'s width (bool: uint8) whose unsigned order is numpy.sort's
/// order of `x`: signed integers with the sign bit flipped; floats by their bits, negative
/// ones inverted, with -0.0 the key of 0.0 and every NaN the largest key (NaNs after
/// +inf), so a stable sort by key keeps NumPy's kind='stable' order of equal values.
template <class T> NPC_HD inline auto sort_key(T x) {
    if constexpr (std::is_same_v<T, bool>) {
        return static_cast<uint8_t>(x);
    } else if constexpr (std::is_floating_point_v<T>) {
        using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
        constexpr U sign = U(1) << (sizeof(T) * 8 - 1);
        // Branch-free (2.5x faster in a radix sort's loops): x + 0 is 0.0 for -0.0, and
        // the sign bit spread over the word inverts the bits of negative values.
        const T y = x + T(0);
        U bits;
        __builtin_memcpy(&bits, &y, sizeof bits);
        const U flip =
            static_cast<U>(static_cast<std::make_signed_t<U>>(bits) >> (sizeof(T) * 8 - 1)) | sign;
        return x != x ? static_cast<U>(~U(0)) : static_cast<U>(bits ^ flip);
    } else {
        using U = std::make_unsigned_t<T>;
        if constexpr (std::is_signed_v<T>)
            return static_cast<U>(static_cast<U>(x) ^ (U(1) << (sizeof(T) * 8 - 1)));
        else
            return x;
    }
}

/// Bits `shift` to `shift + bits - 1` of sort_key(x): one digit of an LSD radix sort.
template <class T> NPC_HD inline int64_t radix_digit(T x, int64_t shift, int64_t bits) {
    return static_cast<int64_t>((static_cast<uint64_t>(sort_key(x)) >> shift) &
                                ((uint64_t(1) << bits) - 1));
}

namespace detail {
/// x86-64's cvttsd2si with a 64-bit result: truncation toward zero; NaN and values outside
/// int64 give INT64_MIN (C++ leaves those undefined).
NPC_HD constexpr int64_t truncate_to_int64(double x) {
    return x >= -0x1p63 && x < 0x1p63 ? static_cast<int64_t>(x) : INT64_MIN;
}
/// The same with a 32-bit result: NaN and values outside int32 give INT32_MIN.
NPC_HD constexpr int32_t truncate_to_int32(double x) {
    return x > -0x1p31 - 1.0 && x < 0x1p31 ? static_cast<int32_t>(x) : INT32_MIN;
}
} // namespace detail

/// A float32 or float64 value cast to the integer dtype `T` as NumPy's unsafe cast
/// (`a.astype(np.uint8)`, `np.int32(array)`) computes it on x86-64: truncation toward zero,
/// then wrapping to `T`. In range the result is the C++ conversion's; NaN and values out
/// of range (NumPy warns "invalid value encountered in cast") give NumPy's x86-64 values,
/// with no undefined behaviour: int8, uint8, int16, uint16 and int32 go through int32 and
/// uint32 and int64 through int64 (NaN and out-of-range values give that type's minimum,
/// then wrap: `np.uint8(-2.7)` of an array element is 254, of 300.0 44, of 1e300 0);
/// uint64 takes [2**63, 2**64) exactly and the rest through int64 (-1.0 gives 2**64 - 1,
/// NaN 2**63). The same on both targets, and when g++ folds a constant.
template <NumpyInteger T, class F>
requires std::is_floating_point_v<F> NPC_HD constexpr T float_to_int(F value) {
    const double x = static_cast<double>(value);
    if constexpr (std::is_same_v<T, uint64_t>) {
        if (!(x >= 0x1p63)) // NaN too
            return static_cast<uint64_t>(detail::truncate_to_int64(x));
        return static_cast<uint64_t>(detail::truncate_to_int64(x - 0x1p63)) ^ (uint64_t{1} << 63);
    } else if constexpr (sizeof(T) == 8 || std::is_same_v<T, uint32_t>) {
        return static_cast<T>(detail::truncate_to_int64(x));
    } else {
        return static_cast<T>(detail::truncate_to_int32(x));
    }
}

namespace detail {
/// |v| as T's unsigned type (|MIN| is 2^(bits-1), no overflow).
template <NumpyInteger T> NPC_HD constexpr std::make_unsigned_t<T> magnitude(T v) {
    using U = std::make_unsigned_t<T>;
    if constexpr (std::is_signed_v<T>)
        return v < 0 ? static_cast<U>(U(0) - static_cast<U>(v)) : static_cast<U>(v);
    else
        return v;
}
/// Euclid's algorithm on unsigned values.
template <class U> NPC_HD constexpr U unsigned_gcd(U a, U b) {
    while (a != 0) {
        U c = a;
        a = static_cast<U>(b % a);
        b = c;
    }
    return b;
}
} // namespace detail

/// `np.gcd(a, b)` as NumPy computes it: Euclid's algorithm on |a| and |b| in the unsigned
/// type, cast back (so gcd(MIN, 0) is MIN, as in NumPy); gcd(0, 0) is 0.
template <NumpyInteger T> NPC_HD constexpr T gcd(T a, T b) {
    return static_cast<T>(detail::unsigned_gcd(detail::magnitude(a), detail::magnitude(b)));
}

/// `np.lcm(a, b)` as NumPy computes it: |a| / gcd * |b| in the unsigned type (wrapping like
/// NumPy's fixed-width ints), cast back; 0 where the gcd is 0.
template <NumpyInteger T> NPC_HD constexpr T lcm(T a, T b) {
    using W = detail::WrapUInt<T>;
    auto ua = detail::magnitude(a), ub = detail::magnitude(b);
    auto g = detail::unsigned_gcd(ua, ub);
    if (g == 0)
        return T(0);
    return static_cast<T>(static_cast<W>(ua / g) * static_cast<W>(ub));
}

/// `np.ldexp(x, e)`: x * 2**e rounded once, as C's ldexp. The exponent arrives in x's
/// float type (npc converts NumPy's int32/int64 exponent, exactly where it matters: any
/// |e| beyond 2**20 overflows or underflows every finite x, as NumPy's clamped int does).
template <class T> NPC_HD inline T ldexp(T x, T e) {
    constexpr int limit = 1 << 20;
    const int n = e > T(limit) ? limit : e < T(-limit) ? -limit : static_cast<int>(e);
    return std::ldexp(x, n);
}

/// `np.frexp(x)[0]`: the mantissa m of x = m * 2**e with 0.5 <= |m| < 1 (C's frexp; zeros,
/// infinities and NaN are returned as they are).
template <class T> NPC_HD inline T frexp_mantissa(T x) {
    int e = 0;
    return std::frexp(x, &e);
}

/// `np.frexp(x)[1]`: the int32 exponent e of x = m * 2**e; 0 for zeros, infinities and NaN
/// (NumPy's, where C leaves the value unspecified).
template <class T> NPC_HD inline int32_t frexp_exponent(T x) {
    if (!std::isfinite(x))
        return 0;
    int e = 0;
    std::frexp(x, &e);
    return static_cast<int32_t>(e);
}

} // namespace npc

#endif // NPC_RUNTIME_ARITH_H
