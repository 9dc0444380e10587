// Unit tests of the runtime's arrays and scalar helpers: npc/array.h, npc/arith.h,
// npc/index.h and npc/overlap.h. Expected values follow Python/NumPy semantics, derived
// in the comments.
#include "npc/arith.h"
#include "npc/array.h"
#include "npc/index.h"
#include "npc/overlap.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

using npc::Array;
using npc::ArrayView;

namespace {
double sum(ArrayView<const double, 2> v) { // Takes only read-only views.
    double s = 0;
    for (int64_t i = 0; i < v.shape[0]; ++i)
        for (int64_t j = 0; j < v.shape[1]; ++j)
            s += v(i, j);
    return s;
}
} // namespace

TEST_CASE("contiguous_strides is C order in elements", "[runtime][array]") {
    CHECK(npc::contiguous_strides<3>({2, 3, 4}) == npc::Shape<3>{12, 4, 1});
    CHECK(npc::contiguous_strides<2>({0, 5}) == npc::Shape<2>{5, 1});
    CHECK(npc::contiguous_strides<2>({5, 0}) == npc::Shape<2>{1, 1});
    CHECK(npc::contiguous_strides<0>({}).empty());
}

TEST_CASE("ArrayView indexes with element strides", "[runtime][array]") {
    double data[6] = {0, 1, 2, 3, 4, 5};
    ArrayView<double, 2> v(data, {2, 3});
    CHECK(v.strides == npc::Shape<2>{3, 1});
    CHECK(v.size() == 6);
    CHECK(v(1, 2) == 5);
    v(0, 1) = 10;
    CHECK(data[1] == 10);

    ArrayView<double, 2> t(data, {3, 2}, {1, 3}); // The transpose.
    CHECK(t(2, 0) == 2);
    CHECK(t(1, 1) == 4);
    CHECK_FALSE(npc::is_c_contiguous(t));
    CHECK(npc::is_c_contiguous(v));

    ArrayView<const double, 0> scalar(data + 5, {});
    CHECK(scalar.size() == 1);
    CHECK(scalar() == 5);
}

TEST_CASE("ArrayView converts to const but not back", "[runtime][array]") {
    STATIC_REQUIRE(std::is_convertible_v<ArrayView<double, 2>, ArrayView<const double, 2>>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<ArrayView<const double, 2>, ArrayView<double, 2>>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<ArrayView<float, 2>, ArrayView<const double, 2>>);
    STATIC_REQUIRE(std::is_convertible_v<Array<double, 2> &, ArrayView<double, 2>>);
    STATIC_REQUIRE(std::is_convertible_v<const Array<double, 2> &, ArrayView<const double, 2>>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<const Array<double, 2> &, ArrayView<double, 2>>);

    double data[4] = {1, 2, 3, 4};
    CHECK(sum(ArrayView<double, 2>(data, {2, 2})) == 10);
    Array<double, 2> a({2, 2});
    a(0, 0) = a(0, 1) = a(1, 0) = a(1, 1) = 0.5;
    CHECK(sum(a) == 2);
}

TEST_CASE("Array allocates aligned C-contiguous storage", "[runtime][array]") {
    Array<float, 3> a({2, 3, 4});
    CHECK(a.shape() == npc::Shape<3>{2, 3, 4});
    CHECK(a.strides() == npc::Shape<3>{12, 4, 1});
    CHECK(a.size() == 24);
    CHECK(a.nbytes() == 96);
    CHECK(reinterpret_cast<std::uintptr_t>(a.data()) % 64 == 0);
    a(1, 2, 3) = 7;
    CHECK(a.data()[23] == 7);
    CHECK(a.view()(1, 2, 3) == 7);

    Array<int64_t, 1> b({5});
    CHECK(b.size() == 5);
    Array<std::complex<double>, 1> c({3});
    c(2) = {1, -1};
    CHECK(c.view()(2) == std::complex<double>(1, -1));
    Array<double, 0> s;
    CHECK(s.size() == 1);
    s() = 3;
    CHECK(s.view()() == 3);
}

TEST_CASE("Array handles zero-size and rejects negative extents", "[runtime][array]") {
    Array<double, 2> empty({0, 3});
    CHECK(empty.size() == 0);
    CHECK(empty.data() != nullptr);
    Array<double, 2> copy = empty;
    CHECK(copy.shape() == npc::Shape<2>{0, 3});
    Array<double, 1> dflt;
    CHECK(dflt.size() == 0);

    CHECK_THROWS_AS((Array<double, 2>({2, -1})), npc::ValueError);
    CHECK_THROWS_WITH((Array<double, 1>({-1})), "negative dimensions are not allowed");
    constexpr int64_t big = std::numeric_limits<int64_t>::max() / 2;
    CHECK_THROWS_AS((Array<double, 2>({big, big})), npc::ValueError);
}

TEST_CASE("Array copies deeply and moves cheaply", "[runtime][array]") {
    Array<int32_t, 1> a({3});
    for (int32_t i = 0; i < 3; ++i)
        a(i) = i;
    Array<int32_t, 1> b = a;
    b(0) = 42;
    CHECK(a(0) == 0);
    CHECK(b(0) == 42);
    b = a;
    CHECK(b(0) == 0);

    const int32_t *storage = a.data();
    Array<int32_t, 1> c = std::move(a);
    CHECK(c.data() == storage);
    CHECK(c.size() == 3);
    CHECK(a.size() == 0); // NOLINT(bugprone-use-after-move): documented moved-from state.
}

TEST_CASE("contiguous_copy reorders strided views", "[runtime][array]") {
    double data[6] = {0, 1, 2, 3, 4, 5};
    ArrayView<const double, 2> t(data, {3, 2}, {1, 3});
    Array<double, 2> c = npc::contiguous_copy(t);
    CHECK(c.shape() == npc::Shape<2>{3, 2});
    const double expected[6] = {0, 3, 1, 4, 2, 5};
    for (int i = 0; i < 6; ++i)
        CHECK(c.data()[i] == expected[i]);

    ArrayView<const double, 1> reversed(data + 5, {6}, {-1});
    Array<double, 1> r = npc::contiguous_copy(reversed);
    CHECK(r(0) == 5);
    CHECK(r(5) == 0);
    ArrayView<const double, 2> broadcast(data, {2, 3}, {0, 1});
    CHECK(npc::contiguous_copy(broadcast)(1, 2) == 2);
}

TEST_CASE("broadcast_dim follows NumPy broadcasting", "[runtime][array]") {
    CHECK(npc::broadcast_dim(3, 3) == 3);
    CHECK(npc::broadcast_dim(1, 4) == 4);
    CHECK(npc::broadcast_dim(4, 1) == 4);
    CHECK(npc::broadcast_dim(1, 1) == 1);
    CHECK(npc::broadcast_dim(0, 1) == 0); // (0,) + (1,) -> (0,)
    CHECK(npc::broadcast_dim(1, 0) == 0);
    CHECK_THROWS_AS(npc::broadcast_dim(0, 2), npc::ValueError);
    CHECK_THROWS_WITH(npc::broadcast_dim(3, 4), "operands could not be broadcast together: "
                                                "dimension of size 3 does not match size 4");
}

TEST_CASE("bcast_stride zeroes size-1 dimensions", "[runtime][array]") {
    double data[3] = {};
    ArrayView<const double, 2> row(data, {1, 3});
    CHECK(npc::bcast_stride(row, 0) == 0);
    CHECK(npc::bcast_stride(row, 1) == 1);
    ArrayView<const double, 2> col(data, {3, 1});
    CHECK(npc::bcast_stride(col, 0) == 1);
    CHECK(npc::bcast_stride(col, 1) == 0);
    // An empty array: every stride is 0, so a stand-in read stays on element 0.
    ArrayView<const double, 2> empty(data, {0, 3});
    CHECK(npc::bcast_stride(empty, 0) == 0);
    CHECK(npc::bcast_stride(empty, 1) == 0);
}

TEST_CASE("integer floor_div and floor_mod are Python's", "[runtime][arith]") {
    // Python: -7 // 2 == -4, -7 % 2 == 1, 7 // -2 == -4, 7 % -2 == -1, -7 // -2 == 3,
    // -7 % -2 == -1, 7 // 2 == 3, 7 % 2 == 1, -6 // 2 == -3, -6 % 2 == 0.
    CHECK(npc::floor_div<int64_t>(-7, 2) == -4);
    CHECK(npc::floor_mod<int64_t>(-7, 2) == 1);
    CHECK(npc::floor_div<int64_t>(7, -2) == -4);
    CHECK(npc::floor_mod<int64_t>(7, -2) == -1);
    CHECK(npc::floor_div<int64_t>(-7, -2) == 3);
    CHECK(npc::floor_mod<int64_t>(-7, -2) == -1);
    CHECK(npc::floor_div<int64_t>(7, 2) == 3);
    CHECK(npc::floor_mod<int64_t>(7, 2) == 1);
    CHECK(npc::floor_div<int64_t>(-6, 2) == -3);
    CHECK(npc::floor_mod<int64_t>(-6, 2) == 0);
    CHECK(npc::floor_div<int8_t>(-7, 2) == -4);
    CHECK(npc::floor_mod<int16_t>(-7, 2) == 1);
    // NumPy: integer x // 0 == 0 and x % 0 == 0 (with a warning, no exception).
    CHECK(npc::floor_div<int32_t>(5, 0) == 0);
    CHECK(npc::floor_mod<int32_t>(5, 0) == 0);
    CHECK(npc::floor_div<uint8_t>(5, 0) == 0);
    // NumPy: np.int64(-2**63) // -1 wraps to -2**63; % -1 is 0.
    constexpr int64_t min64 = std::numeric_limits<int64_t>::min();
    CHECK(npc::floor_div<int64_t>(min64, -1) == min64);
    CHECK(npc::floor_mod<int64_t>(min64, -1) == 0);
    CHECK(npc::floor_div<int8_t>(-128, -1) == -128);
    CHECK(npc::floor_div<int8_t>(-1, -1) == 1);
    CHECK(npc::floor_div<uint32_t>(7, 2) == 3);
    CHECK(npc::floor_mod<uint64_t>(7, 2) == 1);
    STATIC_REQUIRE(npc::floor_div<int64_t>(-7, 2) == -4); // constexpr
}

TEST_CASE("float floor_div and floor_mod are NumPy's", "[runtime][arith]") {
    // Python floats (== np.floor_divide/np.remainder): -7.0 // 2.0 == -4.0, -7.0 % 2.0 == 1.0,
    // 7.0 // -2.0 == -4.0, 7.0 % -2.0 == -1.0, -7.0 // -2.0 == 3.0, -7.0 % -2.0 == -1.0.
    CHECK(npc::floor_div(-7.0, 2.0) == -4.0);
    CHECK(npc::floor_mod(-7.0, 2.0) == 1.0);
    CHECK(npc::floor_div(7.0, -2.0) == -4.0);
    CHECK(npc::floor_mod(7.0, -2.0) == -1.0);
    CHECK(npc::floor_div(-7.0, -2.0) == 3.0);
    CHECK(npc::floor_mod(-7.0, -2.0) == -1.0);
    CHECK(npc::floor_div(-7.0f, 2.0f) == -4.0f);
    // 1.0 // 0.1 == 9.0 and 1.0 % 0.1 == 0.09999999999999995 (0.1 is slightly above 1/10).
    CHECK(npc::floor_div(1.0, 0.1) == 9.0);
    CHECK(npc::floor_mod(1.0, 0.1) == 0.09999999999999995);
    // Zero results take the divisor's sign: -4.0 % 2.0 == 0.0, 4.0 % -2.0 == -0.0; a zero
    // quotient takes the sign of a / b: 0.0 // -1.0 == -0.0, -0.0 // 1.0 == -0.0.
    CHECK_FALSE(std::signbit(npc::floor_mod(-4.0, 2.0)));
    CHECK(std::signbit(npc::floor_mod(4.0, -2.0)));
    CHECK(std::signbit(npc::floor_div(0.0, -1.0)));
    CHECK(std::signbit(npc::floor_div(-0.0, 1.0)));
    // Infinite divisors: 5.0 % inf == 5.0, -5.0 % inf == inf, -5.0 // inf == -1.0.
    constexpr double inf = std::numeric_limits<double>::infinity();
    CHECK(npc::floor_mod(5.0, inf) == 5.0);
    CHECK(npc::floor_mod(-5.0, inf) == inf);
    CHECK(npc::floor_div(-5.0, inf) == -1.0);
    // -1e-300 % 1.0 == 1.0 (the tiny negative remainder rounds up to the divisor).
    CHECK(npc::floor_mod(-1e-300, 1.0) == 1.0);
    // NumPy (unlike Python) does not raise: 5.0 // 0.0 == inf, 5.0 % 0.0 == nan.
    CHECK(npc::floor_div(5.0, 0.0) == inf);
    CHECK(npc::floor_div(-5.0, 0.0) == -inf);
    CHECK(std::isnan(npc::floor_div(0.0, 0.0)));
    CHECK(std::isnan(npc::floor_mod(5.0, 0.0)));
    CHECK(std::isnan(npc::floor_div(inf, 2.0)));
}

TEST_CASE("power squares and wraps like NumPy's fixed-width ints", "[runtime][arith]") {
    CHECK(npc::power<int64_t>(2, 10) == 1024);
    CHECK(npc::power<int64_t>(-2, 3) == -8);
    CHECK(npc::power<int64_t>(0, 0) == 1);
    CHECK(npc::power<int64_t>(5, 0) == 1);
    // Python: 3**40 mod 2**64, as signed, is -6289078614652622815.
    CHECK(npc::power<int64_t>(3, 40) == -6289078614652622815);
    // (-3)**41 mod 2**64 == 420491770248316829.
    CHECK(npc::power<int64_t>(-3, 41) == 420491770248316829);
    CHECK(npc::power<int64_t>(2, 64) == 0);
    CHECK(npc::power<int8_t>(2, 7) == -128);         // 128 wraps to -128
    CHECK(npc::power<uint16_t>(300, 2) == 24464);    // 90000 mod 65536
    CHECK(npc::power<int32_t>(7, 30) == 1878557649); // 7**30 mod 2**32, as signed
    CHECK(npc::power<uint8_t>(255, 255) == 255);     // odd power of -1 mod 256
    CHECK_THROWS_AS(npc::power<int32_t>(2, -1), npc::ValueError);
    CHECK_THROWS_WITH(npc::power<int64_t>(2, -1),
                      "Integers to negative integer powers are not allowed.");
    CHECK(npc::power(2.0, -1.0) == 0.5);
    STATIC_REQUIRE(npc::power<int32_t>(3, 4) == 81);
}

TEST_CASE("normalize_index wraps negatives and rejects out-of-range", "[runtime][index]") {
    CHECK(npc::normalize_index(0, 5, 0) == 0);
    CHECK(npc::normalize_index(-1, 5, 0) == 4);
    CHECK(npc::normalize_index(-5, 5, 0) == 0);
    CHECK_THROWS_WITH(npc::normalize_index(5, 5, 0),
                      "index 5 is out of bounds for axis 0 with size 5");
    CHECK_THROWS_WITH(npc::normalize_index(-6, 5, 1),
                      "index -6 is out of bounds for axis 1 with size 5");
    CHECK_THROWS_AS(npc::normalize_index(0, 0, 0), npc::IndexError);
}

TEST_CASE("normalize_slice matches Python's slice.indices", "[runtime][index]") {
    // (start, step, len(range(*slice(...).indices(n)))) from Python.
    auto check = [](npc::SliceRange r, int64_t start, int64_t step, int64_t length) {
        CHECK(r.start == start);
        CHECK(r.step == step);
        CHECK(r.length == length);
    };
    const auto none = std::nullopt;
    check(npc::normalize_slice(5, 6, none), 5, 1, 0);          // [6:]
    check(npc::normalize_slice(5, none, none, -1), 4, -1, 5);  // [::-1]
    check(npc::normalize_slice(5, -2, none), 3, 1, 2);         // [-2:]
    check(npc::normalize_slice(5, 1, -1, 2), 1, 2, 2);         // [1:-1:2]
    check(npc::normalize_slice(5, -100, 100), 0, 1, 5);        // [-100:100]
    check(npc::normalize_slice(5, 10, -10, -1), 4, -1, 5);     // [10:-10:-1]
    check(npc::normalize_slice(5, none, none, -2), 4, -2, 3);  // [::-2]
    check(npc::normalize_slice(5, 3, 0, -1), 3, -1, 3);        // [3:0:-1]
    check(npc::normalize_slice(0, none, none, -1), -1, -1, 0); // [::-1] of nothing
    check(npc::normalize_slice(5, 4, -6, -2), 4, -2, 3);       // [4:-6:-2]
    check(npc::normalize_slice(5, none, 2, -1), 4, -1, 2);     // [:2:-1]
    CHECK_THROWS_WITH(npc::normalize_slice(5, none, none, 0), "slice step cannot be zero");
}

TEST_CASE("shares_memory tests the spans of views; Snapshot copies only then",
          "[runtime][overlap]") {
    std::vector<double> x(10);
    for (size_t k = 0; k < x.size(); ++k)
        x[k] = static_cast<double>(k);
    npc::ArrayView<double, 1> head(x.data(), {5}), tail(x.data() + 5, {5});
    npc::ArrayView<const double, 1> reversed(x.data() + 9, {10}, {-1}); // x[::-1]
    npc::ArrayView<const double, 1> empty(x.data() + 2, {0});
    CHECK_FALSE(npc::shares_memory(head, tail));
    CHECK(npc::shares_memory(reversed, tail));
    CHECK_FALSE(npc::shares_memory(empty, head));
    // Overlapping: a copy of the span, read at the source's offsets.
    const npc::Snapshot<double> r(reversed, head);
    CHECK(r.data() != reversed.data);
    head.data[0] = -1; // x[0], which reversed reads last
    CHECK(r.data()[-9] == 0.0);
    CHECK(r.data()[0] == 9.0);
    // Not overlapping: the source itself.
    const npc::Snapshot<double> t(tail, head);
    CHECK(t.data() == tail.data);
}

namespace {
/// Asserts that sort_key orders `values` (listed in numpy.sort's order) as listed, with
/// keys equal exactly where the neighbours must stay in their order (kind='stable').
template <class T>
void checkSortKeys(const std::vector<T> &values, const std::vector<bool> &equalNext) {
    for (size_t i = 0; i + 1 < values.size(); ++i) {
        INFO("between positions " << i << " and " << i + 1);
        if (equalNext[i])
            CHECK(npc::sort_key(values[i]) == npc::sort_key(values[i + 1]));
        else
            CHECK(npc::sort_key(values[i]) < npc::sort_key(values[i + 1]));
    }
}
} // namespace

TEST_CASE("sort_key orders values as numpy.sort", "[runtime][arith]") {
    // NumPy's order: -inf, negatives, -0.0 == 0.0, positives, inf, then every NaN (either
    // sign) as equal keys.
    const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
    checkSortKeys<double>(
        {-inf, -1e308, -1.5, -5e-324, -0.0, 0.0, 5e-324, 2.0, 1e308, inf, nan, -nan},
        {false, false, false, false, true, false, false, false, false, false, true});
    const float finf = std::numeric_limits<float>::infinity();
    checkSortKeys<float>(
        {-finf, -1.0f, -1e-45f, 0.0f, -0.0f, 1e-45f, finf, -std::nanf(""), std::nanf("")},
        {false, false, false, true, false, false, false, true});
    checkSortKeys<int64_t>({INT64_MIN, -1, 0, 1, INT64_MAX}, {false, false, false, false});
    checkSortKeys<int8_t>({-128, -1, 0, 127}, {false, false, false});
    checkSortKeys<uint64_t>({0, 1, uint64_t{1} << 63, UINT64_MAX}, {false, false, false});
    checkSortKeys<bool>({false, true}, {false});
    // Digits read the key from its least significant bits.
    CHECK(npc::radix_digit(int16_t{-1}, 0, 8) == 0xff);
    CHECK(npc::radix_digit(int16_t{-1}, 8, 8) == 0x7f);
    CHECK(npc::radix_digit(uint64_t{3} << 60, 55, 11) == (3 << 5));
}
