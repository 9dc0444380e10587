// complex64 / complex128 as NumPy computes them where the C++ complex types differ: the
// textbook product and Smith's quotient of NumPy's ufunc loops (std::complex's operators
// recover infinities per C's Annex G), integer exponents by repeated multiplication
// (npy_cpow), |z| by hypot, the truth value and real casts, and OpenMP reductions over
// complex accumulators. The functions take any ComplexNumber: std::complex in OpenMP code,
// cuda::std::complex (libcu++) in CUDA code, where they run on the device too.
#ifndef NPC_RUNTIME_COMPLEX_H
#define NPC_RUNTIME_COMPLEX_H

#include "npc/arith.h"
#include "npc/config.h"

#include <cfloat>
#include <cmath>
#include <complex>
#include <concepts>
#include <type_traits>

namespace npc {

/// std::complex<T> or cuda::std::complex<T> for a floating-point T: real(), imag() and
/// construction from the two parts.
template <class C>
concept ComplexNumber = std::is_floating_point_v<typename C::value_type> &&
                        requires(C z, typename C::value_type x) {
                            { z.real() } -> std::same_as<typename C::value_type>;
                            { z.imag() } -> std::same_as<typename C::value_type>;
                            C{x, x};
                        };

/// numpy.multiply of complex numbers: (ar*br - ai*bi) + (ar*bi + ai*br)j, no NaN recovery.
template <ComplexNumber C> NPC_HD inline C complex_multiply(C a, C b) {
    return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

/// numpy.divide of complex numbers: Smith's algorithm as in NumPy's complex divide loop;
/// division by 0+0j divides each part by zero (inf or NaN parts).
template <ComplexNumber C> NPC_HD inline C complex_divide(C a, C b) {
    using T = typename C::value_type;
    T ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
    T abs_br = std::fabs(br), abs_bi = std::fabs(bi);
    if (abs_br >= abs_bi) {
        if (abs_br == 0 && abs_bi == 0)
            return {ar / abs_br, ai / abs_bi};
        T rat = bi / br;
        T scl = T(1) / (br + bi * rat);
        return {(ar + ai * rat) * scl, (ai - ar * rat) * scl};
    }
    T rat = br / bi;
    T scl = T(1) / (bi + br * rat);
    return {(ar * rat + ai) * scl, (ai * rat - ar) * scl};
}

/// numpy.power of complex numbers (NumPy's npy_cpow): z ** 0 is 1; 0 ** b is 0 for
/// Re(b) > 0, else NaN (NumPy also warns); real integer exponents with |n| < 100 multiply
/// by squaring (a negative one then takes the reciprocal); anything else is the complex
/// type's pow (C's cpow; cuda::std::pow on the device).
template <ComplexNumber C> NPC_HD inline C power(C a, C b) {
    using T = typename C::value_type;
    T br = b.real(), bi = b.imag();
    if (br == 0 && bi == 0)
        return {1, 0};
    if (a.real() == 0 && a.imag() == 0) {
        if (br > 0)
            return {0, 0};
        const T nan = static_cast<T>(NAN); // numeric_limits is host-only under nvcc
        return {nan, nan};
    }
    if (bi == 0 && br > -100 && br < 100 && std::trunc(br) == br) {
        auto n = static_cast<long>(br);
        if (n == 1)
            return a;
        if (n == 2)
            return complex_multiply(a, a);
        if (n == 3)
            return complex_multiply(a, complex_multiply(a, a));
        long m = n < 0 ? -n : n;
        C result{1, 0}, p = a;
        for (long mask = 1;; mask <<= 1) {
            if (m & mask)
                result = complex_multiply(result, p);
            if (m < (mask << 1))
                break;
            p = complex_multiply(p, p);
        }
        return br < 0 ? complex_divide(C{1, 0}, result) : result;
    }
    using std::pow; // found by argument-dependent lookup for cuda::std::complex
    return pow(a, b);
}

/// numpy.sqrt of a complex number, the principal root with C99's special values (as C's
/// csqrt, which NumPy calls): sqrt(-1+0j) is exactly 1j, sqrt(x+inf j) is inf+inf j, a NaN
/// part gives NaNs except where an infinity decides. |z| by hypot, halved before the root;
/// huge parts are scaled down against overflow, subnormal ones up against lost digits.
/// The CUDA target's kernels use it: libcu++'s cuda::std::sqrt goes through polar form
/// (sqrt(-1+0j) is 6e-17+1j there).
template <ComplexNumber C> NPC_HD inline C complex_sqrt(C z) {
    using T = typename C::value_type;
    T x = z.real(), y = z.imag();
    if (x == 0 && y == 0)
        return {T(0), y};
    if (std::isinf(y))
        return {static_cast<T>(INFINITY), y};
    if (std::isnan(x))
        return {x, x};
    if (std::isinf(x)) { // -inf+yj: 0+inf j; +inf+yj: inf+0j (NaN y stays NaN)
        if (x < 0)
            return {std::fabs(y - y), std::copysign(-x, y)};
        return {x, std::copysign(y - y, y)};
    }
    if (std::isnan(y))
        return {y, y};
    // Above max / (1 + sqrt(2)), |x| + |z| could overflow; subnormal parts lose digits.
    constexpr bool single = std::is_same_v<T, float>;
    const T huge = static_cast<T>(single ? FLT_MAX / 2.5f : DBL_MAX / 2.5);
    const T tiny = static_cast<T>(single ? FLT_MIN : DBL_MIN);
    T scale = 1;
    if (std::fabs(x) >= huge || std::fabs(y) >= huge) {
        x *= T(0.25);
        y *= T(0.25);
        scale = 2;
    } else if (std::fabs(x) < tiny && std::fabs(y) < tiny) { // by 2^2k, the root by 2^-k
        x *= static_cast<T>(single ? 0x1p24 : 0x1p54);
        y *= static_cast<T>(single ? 0x1p24 : 0x1p54);
        scale = static_cast<T>(single ? 0x1p-12 : 0x1p-27);
    }
    T t = std::sqrt((std::fabs(x) + std::hypot(x, y)) * T(0.5));
    if (x >= 0)
        return {t * scale, y / (2 * t) * scale};
    return {std::fabs(y) / (2 * t) * scale, std::copysign(t, y) * scale};
}

/// numpy.log of a complex number as C's clog: log|z| + i arg(z), with C's special values
/// (log(0) is -inf; an infinite part gives +inf; else a NaN part gives NaN). Near |z| = 1,
/// where log(hypot(x, y)) loses the real part's digits (log(1+1e-9j) is 5e-19+1e-9j), the
/// real part is log1p((|x| - 1)(|x| + 1) + y^2) / 2. The CUDA target's kernels use it:
/// libcu++'s cuda::std::log takes the log of abs(z) (0+1e-9j there).
template <ComplexNumber C> NPC_HD inline C complex_log(C z) {
    using T = typename C::value_type;
    const T x = z.real(), y = z.imag();
    const T arg = std::atan2(y, x);
    if (std::isinf(x) || std::isinf(y))
        return {static_cast<T>(INFINITY), arg};
    if (std::isnan(x) || std::isnan(y))
        return {x + y, arg};
    T big = std::fabs(x), small = std::fabs(y);
    if (big < small) {
        const T t = big;
        big = small;
        small = t;
    }
    if (big > T(0.5) && big < T(1.5) && small < T(1)) // |z| near 1
        return {std::log1p((big - 1) * (big + 1) + small * small) / 2, arg};
    return {std::log(std::hypot(x, y)), arg};
}

/// numpy.log10 of a complex number: complex_log(z) / ln(10), as std::log10 of std::complex.
template <ComplexNumber C> NPC_HD inline C complex_log10(C z) {
    using T = typename C::value_type;
    const C l = complex_log(z);
    const T ln10 = std::log(T(10));
    return {l.real() / ln10, l.imag() / ln10};
}

/// numpy.absolute of a complex number: hypot(re, im), in the precision of the parts.
template <ComplexNumber C> NPC_HD inline typename C::value_type absolute(C a) {
    return std::hypot(a.real(), a.imag());
}

/// numpy.rint (and numpy.round with decimals=0) of a complex number: each part rounded
/// half to even, as NumPy's nc_rint does.
template <ComplexNumber C> NPC_HD inline C complex_rint(C z) {
    return C(std::rint(z.real()), std::rint(z.imag()));
}

/// numpy.isnan / isinf / isfinite of a complex number: of either part / of both parts.
template <ComplexNumber C> NPC_HD inline bool isnan(C a) {
    return std::isnan(a.real()) || std::isnan(a.imag());
}
template <ComplexNumber C> NPC_HD inline bool isinf(C a) {
    return std::isinf(a.real()) || std::isinf(a.imag());
}
template <ComplexNumber C> NPC_HD inline bool isfinite(C a) {
    return std::isfinite(a.real()) && std::isfinite(a.imag());
}

/// A complex number cast to a real dtype `R` as NumPy's unsafe cast does: bool is true
/// when either part is nonzero (NaN included); other dtypes take the real part (NumPy
/// warns with ComplexWarning; npc does not), converted to an integer `R` as float_to_int
/// does.
template <class R, ComplexNumber C> NPC_HD inline R complex_to(C a) {
    if constexpr (std::is_same_v<R, bool>)
        return a.real() != 0 || a.imag() != 0;
    else if constexpr (NumpyInteger<R>)
        return float_to_int<R>(a.real());
    else
        return static_cast<R>(a.real());
}

} // namespace npc

// OpenMP has no built-in `+` and `*` reductions over std::complex; these declare them
// for the `reduction(+:acc)` clauses of parallel complex sums and products.
#if defined(_OPENMP) && !defined(__CUDACC__)
#pragma omp declare reduction(+ : std::complex<float> : omp_out += omp_in)                      \
    initializer(omp_priv = std::complex<float>(0, 0))
#pragma omp declare reduction(+ : std::complex<double> : omp_out += omp_in)                     \
    initializer(omp_priv = std::complex<double>(0, 0))
#pragma omp declare reduction(* : std::complex<float> : omp_out = npc::complex_multiply(omp_out, omp_in)) \
    initializer(omp_priv = std::complex<float>(1, 0))
#pragma omp declare reduction(* : std::complex<double> : omp_out = npc::complex_multiply(omp_out, omp_in)) \
    initializer(omp_priv = std::complex<double>(1, 0))
#endif

#endif // NPC_RUNTIME_COMPLEX_H
