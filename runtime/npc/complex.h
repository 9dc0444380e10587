// complex64 / complex128 (std::complex<float> / std::complex<double>) as NumPy computes
// them where std::complex differs: the textbook product and Smith's quotient of NumPy's
// ufunc loops (std::complex's operators recover infinities per C's Annex G), integer
// exponents by repeated multiplication (npy_cpow), |z| by hypot, the truth value and
// real casts, and OpenMP reductions over complex accumulators.
#pragma once

#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>

namespace npc {

/// numpy.multiply of complex numbers: (ar*br - ai*bi) + (ar*bi + ai*br)j, no NaN recovery.
template <class T>
inline std::complex<T> complex_multiply(std::complex<T> a, std::complex<T> b) {
    return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

/// numpy.divide of complex numbers: Smith's algorithm as in NumPy's complex divide loop;
/// division by 0+0j divides each part by zero (inf or NaN parts).
template <class T> inline std::complex<T> complex_divide(std::complex<T> a, std::complex<T> b) {
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
/// Re(b) > 0, else NaN (NumPy also warns); real integer exponents with |n| < 100 multiply by squaring (a
/// negative one then takes the reciprocal); anything else is std::pow (C's cpow).
template <class T> inline std::complex<T> power(std::complex<T> a, std::complex<T> b) {
    T br = b.real(), bi = b.imag();
    if (br == 0 && bi == 0)
        return {1, 0};
    if (a.real() == 0 && a.imag() == 0) {
        if (br > 0)
            return {0, 0};
        T nan = std::numeric_limits<T>::quiet_NaN();
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
        std::complex<T> result{1, 0}, p = a;
        for (long mask = 1;; mask <<= 1) {
            if (m & mask)
                result = complex_multiply(result, p);
            if (m < (mask << 1))
                break;
            p = complex_multiply(p, p);
        }
        return br < 0 ? complex_divide(std::complex<T>{1, 0}, result) : result;
    }
    return std::pow(a, b);
}

/// numpy.absolute of a complex number: hypot(re, im), in the precision of the parts.
template <class T> inline T absolute(std::complex<T> a) { return std::hypot(a.real(), a.imag()); }

/// numpy.isnan / isinf / isfinite of a complex number: of either part / of both parts.
template <class T> inline bool isnan(std::complex<T> a) {
    return std::isnan(a.real()) || std::isnan(a.imag());
}
template <class T> inline bool isinf(std::complex<T> a) {
    return std::isinf(a.real()) || std::isinf(a.imag());
}
template <class T> inline bool isfinite(std::complex<T> a) {
    return std::isfinite(a.real()) && std::isfinite(a.imag());
}

/// A complex number cast to a real dtype `R` as NumPy's unsafe cast does: bool is true
/// when either part is nonzero (NaN included); other dtypes take the real part (NumPy
/// warns with ComplexWarning; npc does not).
template <class R, class T> inline R complex_to(std::complex<T> a) {
    if constexpr (std::is_same_v<R, bool>)
        return a.real() != 0 || a.imag() != 0;
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
