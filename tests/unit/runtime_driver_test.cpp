// Unit tests of the generated-main driver (npc/driver.h): command-line literals, overload
// resolution, results and saved arguments as `.npy`, timing, and error exits.
#include "npc/driver.h"
#include "runtime_test_support.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

using npc::Array;
using npc::ArrayView;
using npc::test::TempDir;

namespace {
/// Output of one npc::driver::run call.
struct RunResult {
    int status;
    std::string out, err;
};

RunResult run_driver(std::vector<std::string> args,
                     const std::vector<npc::driver::Overload> &overloads) {
    args.insert(args.begin(), "/some/dir/prog");
    std::vector<char *> argv;
    for (std::string &a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    std::ostringstream out, err;
    std::streambuf *old_out = std::cout.rdbuf(out.rdbuf());
    std::streambuf *old_err = std::cerr.rdbuf(err.rdbuf());
    const int status = npc::driver::run(static_cast<int>(args.size()), argv.data(), "f", overloads);
    std::cout.rdbuf(old_out);
    std::cerr.rdbuf(old_err);
    return {status, out.str(), err.str()};
}

Array<double, 1> iota(int64_t n, double scale = 1) {
    Array<double, 1> a({n});
    for (int64_t i = 0; i < n; ++i)
        a(i) = scale * static_cast<double>(i);
    return a;
}

/// x + y with broadcasting of length-1 inputs; stands in for a compiled function.
template <class T> Array<T, 1> add(ArrayView<const T, 1> x, ArrayView<const T, 1> y) {
    Array<T, 1> out({npc::broadcast_dim(x.shape[0], y.shape[0])});
    for (int64_t i = 0; i < out.size(); ++i)
        out(i) = x(i * npc::bcast_stride(x, 0)) + y(i * npc::bcast_stride(y, 0));
    return out;
}

std::vector<npc::driver::Overload> add_overloads() {
    return {
        npc::driver::overload({"x", "y"}, [](ArrayView<const double, 1> x,
                                             ArrayView<const double, 1> y) { return add(x, y); }),
        npc::driver::overload({"x", "y"}, [](ArrayView<const float, 1> x,
                                             ArrayView<const float, 1> y) { return add(x, y); }),
    };
}
} // namespace

TEST_CASE("driver literals parse like Python's", "[runtime][driver]") {
    using npc::driver::detail::Literal;
    using npc::driver::detail::parse_literal;
    CHECK(parse_literal("True")->kind == Literal::Kind::Bool);
    CHECK(parse_literal("False")->boolean == false);
    CHECK(*parse_literal("-2")->i == -2);
    CHECK_FALSE(parse_literal("-2")->u);
    CHECK(*parse_literal("+7")->i == 7);
    CHECK(*parse_literal("18446744073709551615")->u == UINT64_MAX);
    CHECK_FALSE(parse_literal("18446744073709551615")->i);
    CHECK(parse_literal("0.5")->kind == Literal::Kind::Float);
    CHECK(parse_literal("1e-3")->f == 1e-3);
    CHECK(parse_literal("1e999")->f == std::numeric_limits<double>::infinity());
    CHECK(parse_literal("-inf")->kind == Literal::Kind::Float);
    for (const char *text : {"x.npy", "", "-", "1-2", "++1", " 1", "0x10", "--repeat"})
        CHECK_FALSE(parse_literal(text));

    using npc::driver::detail::literal_as;
    CHECK(*literal_as<double>(*parse_literal("3")) == 3.0);
    CHECK(*literal_as<uint8_t>(*parse_literal("255")) == 255);
    CHECK_FALSE(literal_as<uint8_t>(*parse_literal("256")));
    CHECK_FALSE(literal_as<uint8_t>(*parse_literal("-1")));
    CHECK_FALSE(literal_as<int64_t>(*parse_literal("0.5")));
    CHECK_FALSE(literal_as<int64_t>(*parse_literal("True")));
    CHECK_FALSE(literal_as<bool>(*parse_literal("1")));
}

TEST_CASE("driver runs a two-array function and picks the overload by dtype", "[runtime][driver]") {
    TempDir dir;
    npc::save_npy(dir.file("x.npy"), iota(4));
    npc::save_npy(dir.file("y.npy"), iota(1, 10).view());
    RunResult r = run_driver({dir.file("x.npy"), dir.file("y.npy"), "-o", dir.file("out.npy")},
                             add_overloads());
    CHECK(r.err == "");
    REQUIRE(r.status == 0);
    const Array<double, 1> out = npc::load_array<double, 1>(dir.file("out.npy"));
    REQUIRE(out.size() == 4);
    CHECK(out(3) == 3);

    Array<float, 1> xf({2});
    xf(0) = 1, xf(1) = 2;
    npc::save_npy(dir.file("xf.npy"), xf);
    r = run_driver({dir.file("xf.npy"), dir.file("xf.npy"), "--output=" + dir.file("o.npy")},
                   add_overloads());
    REQUIRE(r.status == 0);
    CHECK(npc::load_array<float, 1>(dir.file("o.npy"))(1) == 4.f);
}

TEST_CASE("driver passes scalar literals and writes scalar results", "[runtime][driver]") {
    TempDir dir;
    const std::vector<npc::driver::Overload> overloads = {
        npc::driver::overload({"x", "n"},
                              [](double x, int64_t n) { return x * static_cast<double>(n); }),
        npc::driver::overload({"flag", "n"}, [](bool flag, int64_t n) { return flag ? n : -n; }),
    };
    RunResult r = run_driver({"2.5", "-3", "-o", dir.file("s.npy")}, overloads);
    REQUIRE(r.status == 0);
    const npc::NpyArray s = npc::load_npy(dir.file("s.npy"));
    CHECK(s.descr == "<f8");
    CHECK(s.shape.empty());
    CHECK(npc::load_array<double, 0>(dir.file("s.npy"))() == -7.5);

    r = run_driver({"4", "2", "-o", dir.file("i.npy")}, overloads); // int literal -> float x
    REQUIRE(r.status == 0);
    CHECK(npc::load_array<double, 0>(dir.file("i.npy"))() == 8.0);

    r = run_driver({"False", "2", "-o", dir.file("b.npy")}, overloads);
    REQUIRE(r.status == 0);
    CHECK(npc::load_array<int64_t, 0>(dir.file("b.npy"))() == -2);

    npc::save_npy_scalar(dir.file("n.npy"), int64_t{5}); // a 0-d .npy for a scalar
    r = run_driver({"1", dir.file("n.npy"), "-o", dir.file("n_out.npy")}, overloads);
    REQUIRE(r.status == 0);
    CHECK(npc::load_array<double, 0>(dir.file("n_out.npy"))() == 5.0);
}

TEST_CASE("driver writes tuple results to the -o files in order", "[runtime][driver]") {
    TempDir dir;
    npc::save_npy(dir.file("x.npy"), iota(3));
    const std::vector<npc::driver::Overload> overloads = {
        npc::driver::overload({"x"}, [](ArrayView<const double, 1> x) {
            Array<int64_t, 1> idx({x.shape[0]});
            for (int64_t i = 0; i < x.shape[0]; ++i)
                idx(i) = i * 10;
            ArrayView<const double, 1> reversed(x.data + x.shape[0] - 1, x.shape, {-1});
            return std::tuple{idx, reversed, x(0)};
        })};
    RunResult r = run_driver({dir.file("x.npy"), "-o", dir.file("a.npy"), "-o", dir.file("b.npy"),
                              "-o", dir.file("c.npy")},
                             overloads);
    REQUIRE(r.status == 0);
    CHECK(npc::load_array<int64_t, 1>(dir.file("a.npy"))(2) == 20);
    CHECK(npc::load_array<double, 1>(dir.file("b.npy"))(0) == 2.0);
    CHECK(npc::load_array<double, 0>(dir.file("c.npy"))() == 0.0);

    r = run_driver({dir.file("x.npy"), "-o", dir.file("a.npy")}, overloads);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith("prog: error: f returns 3 results but 1 output file "
                                        "(-o) was given\nusage: prog ARG..."));
}

TEST_CASE("driver saves in-place updates and times repeated runs", "[runtime][driver]") {
    TempDir dir;
    npc::save_npy(dir.file("a.npy"), iota(3));
    int calls = 0;
    const std::vector<npc::driver::Overload> overloads = {
        npc::driver::overload({"a", "step"}, [&calls](ArrayView<double, 1> a, double step) {
            ++calls;
            for (int64_t i = 0; i < a.shape[0]; ++i)
                a(i) += step;
        })};
    REQUIRE(overloads[0].writes_args());
    RunResult r = run_driver(
        {dir.file("a.npy"), "0.5", "--repeat", "3", "--save-args", dir.file("saved")}, overloads);
    CHECK(r.status == 0);
    CHECK(calls == 3);
    CHECK_THAT(r.err, Catch::Matches("npc-time min_s=[0-9]+\\.[0-9]{9} median_s=[0-9]+\\.[0-9]{9} "
                                     "runs=3\n"));
    // Fresh copies per run: the saved argument was updated once, not three times.
    const Array<double, 1> saved = npc::load_array<double, 1>(dir.file("saved/arg0.npy"));
    CHECK(saved(2) == 2.5);
    CHECK_FALSE(std::filesystem::exists(dir.file("saved/arg1.npy"))); // scalars are skipped

    r = run_driver({dir.file("a.npy"), "1", "--save-args=" + dir.file("once")}, overloads);
    CHECK(r.status == 0);
    CHECK(r.err == "");
    CHECK(npc::load_array<double, 1>(dir.file("once/arg0.npy"))(0) == 1.0);
}

TEST_CASE("driver reports errors with the program name", "[runtime][driver]") {
    TempDir dir;
    npc::save_npy(dir.file("x.npy"), iota(4));
    npc::save_npy(dir.file("i.npy"), Array<int32_t, 1>({2}));
    npc::save_npy(dir.file("y3.npy"), iota(3));

    RunResult r = run_driver({dir.file("x.npy"), dir.file("i.npy"), "-o", dir.file("o.npy")},
                             add_overloads());
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::StartsWith("prog: error: no overload of f matches the arguments\n"
                                        "  given: '" +
                                        dir.file("x.npy") + "' (float64, shape (4,)), '" +
                                        dir.file("i.npy") +
                                        "' (int32, shape (2,))\navailable:\n"
                                        "  f(x: float64[:], y: float64[:]) -> float64[:]\n"
                                        "  f(x: float32[:], y: float32[:]) -> float32[:]\n"));

    r = run_driver({dir.file("x.npy"), dir.file("y3.npy"), "-o", dir.file("o.npy")},
                   add_overloads());
    CHECK(r.status == 1);
    CHECK(r.err == "prog: error: operands could not be broadcast together: dimension of size 4 "
                   "does not match size 3\n");
    CHECK_FALSE(std::filesystem::exists(dir.file("o.npy")));

    r = run_driver({dir.file("nope.npy"), "3", "-o", dir.file("o.npy")}, add_overloads());
    CHECK(r.status == 1);
    CHECK(r.err ==
          "prog: error: cannot open '" + dir.file("nope.npy") + "': No such file or directory\n");

    r = run_driver({dir.file("x.npy"), "--frobnicate"}, add_overloads());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith("prog: error: unknown option '--frobnicate'\nusage: "));
    r = run_driver({dir.file("x.npy"), "--repeat", "0"}, add_overloads());
    CHECK(r.status == 2);
    r = run_driver({dir.file("x.npy"), "-o"}, add_overloads());
    CHECK(r.status == 2);

    r = run_driver({}, add_overloads());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith("prog: error: no arguments given\nusage: prog ARG..."));
    CHECK_THAT(r.err, Catch::Contains("f(x: float64[:], y: float64[:]) -> float64[:]"));

    r = run_driver({"--help"}, add_overloads());
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("f(x: float32[:], y: float32[:]) -> float32[:]"));

    const std::vector<npc::driver::Overload> bad = {
        npc::driver::overload({"only_one"}, [](double, double) {})};
    r = run_driver({"1", "2"}, bad);
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains("internal error"));
}

TEST_CASE("driver --batch runs one call per line in one process", "[runtime][driver]") {
    TempDir dir;
    npc::save_npy(dir.file("x.npy"), iota(4));
    npc::save_npy(dir.file("y3.npy"), iota(3));
    {
        std::ofstream batch(dir.file("calls.txt"));
        batch << dir.file("x.npy") << "\t" << dir.file("x.npy") << "\t-o\t" << dir.file("a.npy")
              << "\n\n"
              << dir.file("x.npy") << "\t" << dir.file("y3.npy") << "\t-o\t" << dir.file("b.npy")
              << "\n"
              << dir.file("x.npy") << "\t--frobnicate\n"
              << dir.file("x.npy") << "\t" << dir.file("x.npy")
              << "\t--output=" << dir.file("c.npy") << "\t--repeat\t2\r\n";
    }
    RunResult r = run_driver({"--batch", dir.file("calls.txt")}, add_overloads());
    CHECK(r.status == 1);
    // Each line's messages, then its marker; a failing line does not stop the next.
    CHECK_THAT(r.err, Catch::StartsWith("npc-batch: line 1 exit 0\n"
                                        "prog: error: operands could not be broadcast together: "
                                        "dimension of size 4 does not match size 3\n"
                                        "npc-batch: line 3 exit 1\n"
                                        "prog: error: unknown option '--frobnicate'\nusage: "));
    CHECK_THAT(r.err, Catch::Contains("npc-batch: line 4 exit 2\nnpc-time min_s="));
    CHECK_THAT(r.err, Catch::EndsWith("runs=2\nnpc-batch: line 5 exit 0\n"));
    CHECK(npc::load_array<double, 1>(dir.file("a.npy"))(3) == 6);
    CHECK_FALSE(std::filesystem::exists(dir.file("b.npy")));
    CHECK(npc::load_array<double, 1>(dir.file("c.npy"))(2) == 4);

    {
        std::ofstream batch(dir.file("ok.txt"));
        batch << dir.file("x.npy") << "\t" << dir.file("x.npy") << "\t-o\t" << dir.file("d.npy")
              << "\n";
    }
    r = run_driver({"--batch=" + dir.file("ok.txt")}, add_overloads());
    CHECK(r.status == 0);
    CHECK(r.err == "npc-batch: line 1 exit 0\n");

    {
        std::ofstream batch(dir.file("nested.txt"));
        batch << "--batch\t" << dir.file("ok.txt") << "\n";
    }
    r = run_driver({"--batch", dir.file("nested.txt")}, add_overloads());
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::StartsWith("prog: error: --batch inside a batch file\n"));

    r = run_driver({"--batch", dir.file("ok.txt"), dir.file("x.npy")}, add_overloads());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith("prog: error: --batch takes no other arguments\n"));
    r = run_driver({"--batch", dir.file("missing.txt")}, add_overloads());
    CHECK(r.status == 2);
    CHECK(r.err == "prog: error: cannot read the batch file '" + dir.file("missing.txt") + "'\n");
    r = run_driver({"--batch", dir.path().string()}, add_overloads()); // a directory
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith("prog: error: cannot read the batch file"));
    r = run_driver({"--batch="}, add_overloads());
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith("prog: error: --batch needs a file name\n"));

    {
        std::ofstream batch(dir.file("nul.txt"), std::ios::binary);
        batch << dir.file("x.npy") << "\t" << dir.file("x.npy") << "\t-o\t" << dir.file("e.npy")
              << std::string(1, '\0') << "junk\n";
    }
    r = run_driver({"--batch", dir.file("nul.txt")}, add_overloads());
    CHECK(r.status == 1);
    CHECK(r.err == "prog: error: line 1 of the batch file has a NUL byte\n"
                   "npc-batch: line 1 exit 2\n");
    CHECK_FALSE(std::filesystem::exists(dir.file("e.npy")));
}

TEST_CASE("driver writes no result when an output's directory is missing", "[runtime][driver]") {
    TempDir dir;
    npc::save_npy(dir.file("x.npy"), iota(4));
    const std::vector<npc::driver::Overload> two = {npc::driver::overload(
        {"x"}, [](ArrayView<const double, 1> x) { return std::make_tuple(add(x, x), add(x, x)); })};
    RunResult r = run_driver(
        {dir.file("x.npy"), "-o", dir.file("a.npy"), "-o", dir.file("nowhere/b.npy")}, two);
    CHECK(r.status == 1);
    CHECK(r.err == "prog: error: cannot write '" + dir.file("nowhere/b.npy") + "': no directory '" +
                       dir.file("nowhere") + "'\n");
    CHECK_FALSE(std::filesystem::exists(dir.file("a.npy")));
}
