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
