// Unit tests of npc/complex.h: complex arithmetic as NumPy computes it. Expected values
// are NumPy 2.x's (np.complex128 arithmetic), derived in the comments.
#include "npc/complex.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <limits>

using C = std::complex<double>;

TEST_CASE("complex_multiply is the textbook product", "[runtime][complex]") {
    CHECK(npc::complex_multiply(C(1, 2), C(3, -4)) == C(11, 2)); // 3 + 8 + (-4 + 6)j
    // inf * 1j: (inf*0 - 0*1) + (inf*1 + 0*0)j = nan + inf j (std::complex recovers inf).
    C p = npc::complex_multiply(C(std::numeric_limits<double>::infinity(), 0), C(0, 1));
    CHECK(std::isnan(p.real()));
    CHECK(std::isinf(p.imag()));
}

TEST_CASE("complex_divide is Smith's algorithm", "[runtime][complex]") {
    CHECK(npc::complex_divide(C(11, 2), C(3, -4)) == C(1, 2));
    // Huge parts: the textbook quotient would overflow in |b|^2.
    C q = npc::complex_divide(C(1e300, 1e300), C(1e300, 1e300));
    CHECK(q == C(1, 0));
    // Division by 0+0j divides the parts by zero: inf and nan.
    C z = npc::complex_divide(C(1, 0), C(0, 0));
    CHECK(std::isinf(z.real()));
    CHECK(std::isnan(z.imag()));
}

TEST_CASE("complex power follows npy_cpow", "[runtime][complex]") {
    CHECK(npc::power(C(2, 3), C(0, 0)) == C(1, 0));
    CHECK(npc::power(C(0, 0), C(2, 1)) == C(0, 0));
    CHECK(std::isnan(npc::power(C(0, 0), C(-1, 0)).real()));
    CHECK(npc::power(C(1, 1), C(2, 0)) == C(0, 2));
    CHECK(npc::power(C(1, 1), C(4, 0)) == C(-4, 0));
    CHECK(npc::power(C(1, 1), C(-2, 0)) == C(0, -0.5)); // 1 / 2j
    C r = npc::power(C(-1, 0), C(0.5, 0)); // cpow: the principal root, 1j
    CHECK(std::abs(r - C(0, 1)) < 1e-15);
}

TEST_CASE("absolute, truth values and real casts of complex numbers", "[runtime][complex]") {
    CHECK(npc::absolute(C(3, 4)) == 5.0);
    CHECK(npc::absolute(std::complex<float>(3, 4)) == 5.0f);
    CHECK(npc::complex_to<bool>(C(0, 1)));
    CHECK_FALSE(npc::complex_to<bool>(C(0, 0)));
    CHECK(npc::complex_to<int>(C(-2.5, 7)) == -2);
    CHECK(npc::isnan(C(1, std::nan(""))));
    CHECK(npc::isinf(C(-std::numeric_limits<double>::infinity(), 0)));
    CHECK_FALSE(npc::isfinite(C(1, std::numeric_limits<double>::infinity())));
}

TEST_CASE("complex_sqrt is C's csqrt (NumPy's sqrt of complex numbers)", "[runtime][complex]") {
    // NumPy calls csqrt; std::sqrt of std::complex is glibc's csqrt. Special values: every
    // combination of zeros of both signs, ones, infinities and NaN, NaNs in the same places
    // and otherwise the same values and signs.
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double parts[] = {0.0, -0.0, 1.0, -1.0, 2.5, -1e-310, 1e308, -1e308, inf, -inf, nan};
    auto same = [](double got, double want) {
        if (std::isnan(want))
            return std::isnan(got);
        if (want == 0 || std::isinf(want))
            return got == want && std::signbit(got) == std::signbit(want);
        return std::fabs(got - want) <= 4e-16 * std::fabs(want);
    };
    for (double re : parts)
        for (double im : parts) {
            C got = npc::complex_sqrt(C(re, im)), want = std::sqrt(C(re, im));
            INFO("sqrt(" << re << ", " << im << ") = " << got << ", csqrt: " << want);
            CHECK(same(got.real(), want.real()));
            CHECK(same(got.imag(), want.imag()));
        }
    CHECK(npc::complex_sqrt(C(-1, 0)) == C(0, 1)); // exact, not cos(pi/2) + 1j
    CHECK(npc::complex_sqrt(std::complex<float>(-4, -0.0f)) == std::complex<float>(0, -2));
}

TEST_CASE("complex_log and complex_log10 are C's clog (NumPy's log of complex numbers)",
          "[runtime][complex]") {
    // std::log of std::complex is glibc's clog, which NumPy calls: the same special values,
    // and the same values within 4 ulp of the larger part, also near |z| = 1.
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double parts[] = {0.0, -0.0, 1.0, -1.0, 0.6, -1.2, 1e-9, 1e300, -1e-310, inf, -inf, nan};
    auto close = [](C got, C want) {
        double scale = std::max(std::fabs(want.real()), std::fabs(want.imag()));
        auto part = [&](double g, double w) {
            if (std::isnan(w) || std::isinf(w))
                return std::isnan(w) ? std::isnan(g) : g == w;
            return std::fabs(g - w) <= 4 * std::numeric_limits<double>::epsilon() * scale &&
                   (w != 0 || std::signbit(g) == std::signbit(w));
        };
        return part(got.real(), want.real()) && part(got.imag(), want.imag());
    };
    for (double re : parts)
        for (double im : parts) {
            const C z(re, im);
            INFO("log(" << z << ") = " << npc::complex_log(z) << ", clog: " << std::log(z));
            CHECK(close(npc::complex_log(z), std::log(z)));
            CHECK(close(npc::complex_log10(z), std::log10(z)));
        }
    CHECK(npc::complex_log(C(1, 1e-9)).real() == Approx(5e-19).epsilon(1e-12));
}
