// Unit tests of the runtime's `.npy` support (npc/npy.h, npc/npy_format.h): round trips of
// every dtype, Fortran order, format versions, descr spellings and error messages.
#include "npc/npy.h"
#include "runtime_test_support.h"

#include <catch2/catch.hpp>

#include <complex>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using npc::Array;
using npc::ArrayView;
using npc::test::TempDir;

namespace {
/// Builds the bytes of a `.npy` file by hand: magic, version, length field, header dict
/// padded to 64 bytes, then `data`.
std::string npy_bytes(const std::string &dict, int major, const std::string &data) {
    const std::size_t len_size = major == 1 ? 2 : 4;
    std::string header = dict;
    while ((8 + len_size + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    std::string out = "\x93NUMPY";
    out += static_cast<char>(major);
    out += '\0';
    for (std::size_t i = 0; i < len_size; ++i)
        out += static_cast<char>((header.size() >> (8 * i)) & 0xff);
    return out + header + data;
}

template <class T> std::string raw(const std::vector<T> &values) {
    return std::string(reinterpret_cast<const char *>(values.data()), values.size() * sizeof(T));
}

template <class T> void check_round_trip(std::string_view descr, std::string_view name) {
    TempDir dir;
    const std::string path = dir.file("a.npy");
    Array<T, 2> a({2, 3});
    for (int64_t i = 0; i < a.size(); ++i)
        a.data()[i] = static_cast<T>(i % 2 == 0 ? i : 1);
    npc::save_npy(path, a);

    const npc::NpyArray loaded = npc::load_npy(path);
    CHECK(loaded.descr == descr);
    CHECK(npc::npy_dtype_name(loaded.descr) == name);
    CHECK(loaded.shape == std::vector<int64_t>{2, 3});
    CHECK_FALSE(loaded.fortran_order);
    REQUIRE(loaded.bytes.size() == a.nbytes());
    CHECK(std::memcmp(loaded.bytes.data(), a.data(), a.nbytes()) == 0);

    const Array<T, 2> typed = npc::load_array<T, 2>(path);
    CHECK(std::memcmp(typed.data(), a.data(), a.nbytes()) == 0);
    const Array<T, 2> converted = npc::to_array<T, 2>(loaded, path);
    CHECK(std::memcmp(converted.data(), a.data(), a.nbytes()) == 0);
}
} // namespace

TEST_CASE("npy_descr names every supported element type", "[runtime][npy]") {
    STATIC_REQUIRE(npc::npy_descr<bool>() == "|b1");
    STATIC_REQUIRE(npc::npy_descr<int8_t>() == "|i1");
    STATIC_REQUIRE(npc::npy_descr<int16_t>() == "<i2");
    STATIC_REQUIRE(npc::npy_descr<int32_t>() == "<i4");
    STATIC_REQUIRE(npc::npy_descr<int64_t>() == "<i8");
    STATIC_REQUIRE(npc::npy_descr<long long>() == "<i8");
    STATIC_REQUIRE(npc::npy_descr<uint8_t>() == "|u1");
    STATIC_REQUIRE(npc::npy_descr<uint16_t>() == "<u2");
    STATIC_REQUIRE(npc::npy_descr<uint32_t>() == "<u4");
    STATIC_REQUIRE(npc::npy_descr<uint64_t>() == "<u8");
    STATIC_REQUIRE(npc::npy_descr<float>() == "<f4");
    STATIC_REQUIRE(npc::npy_descr<const double>() == "<f8");
    STATIC_REQUIRE(npc::npy_descr<std::complex<float>>() == "<c8");
    STATIC_REQUIRE(npc::npy_descr<std::complex<double>>() == "<c16");
}

TEST_CASE("npy round trips every dtype", "[runtime][npy]") {
    check_round_trip<bool>("|b1", "bool");
    check_round_trip<int8_t>("|i1", "int8");
    check_round_trip<int16_t>("<i2", "int16");
    check_round_trip<int32_t>("<i4", "int32");
    check_round_trip<int64_t>("<i8", "int64");
    check_round_trip<uint8_t>("|u1", "uint8");
    check_round_trip<uint16_t>("<u2", "uint16");
    check_round_trip<uint32_t>("<u4", "uint32");
    check_round_trip<uint64_t>("<u8", "uint64");
    check_round_trip<float>("<f4", "float32");
    check_round_trip<double>("<f8", "float64");
    check_round_trip<std::complex<float>>("<c8", "complex64");
    check_round_trip<std::complex<double>>("<c16", "complex128");
}

TEST_CASE("save_npy writes NumPy's v1.0 header layout", "[runtime][npy]") {
    TempDir dir;
    const std::string path = dir.file("x.npy");
    Array<double, 1> a({3});
    a(0) = 1.5, a(1) = -2, a(2) = 0;
    npc::save_npy(path, a);
    const std::string bytes = npc::test::read_bytes(path);
    const std::string dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }";
    // 10 bytes of magic, version and length, the 59-byte dict, padding and '\n': 128 bytes.
    REQUIRE(bytes.size() == 128 + 24);
    CHECK(bytes.substr(0, 8) == std::string("\x93NUMPY\x01\x00", 8));
    CHECK(static_cast<unsigned char>(bytes[8]) == 128 - 10);
    CHECK(bytes[9] == 0);
    CHECK(bytes.substr(10, dict.size()) == dict);
    CHECK(bytes[127] == '\n');
    CHECK(bytes == npy_bytes(dict, 1, raw<double>({1.5, -2, 0})));
    CHECK_FALSE(std::filesystem::exists(path + ".tmp0"));

    CHECK(npc::format_npy_header("<i8", {}).find("'shape': (), }") != std::string::npos);
    CHECK(npc::format_npy_header("<i8", {2, 3}).find("'shape': (2, 3), }") != std::string::npos);
}

TEST_CASE("npy handles 0-d and zero-size arrays", "[runtime][npy]") {
    TempDir dir;
    npc::save_npy_scalar(dir.file("s.npy"), int32_t{-7});
    const npc::NpyArray s = npc::load_npy(dir.file("s.npy"));
    CHECK(s.descr == "<i4");
    CHECK(s.shape.empty());
    CHECK(npc::load_array<int32_t, 0>(dir.file("s.npy"))() == -7);

    npc::save_npy(dir.file("e.npy"), Array<float, 2>({0, 4}));
    const Array<float, 2> e = npc::load_array<float, 2>(dir.file("e.npy"));
    CHECK(e.shape() == npc::Shape<2>{0, 4});
}

TEST_CASE("save_npy copies strided views to C order", "[runtime][npy]") {
    TempDir dir;
    const double data[6] = {0, 1, 2, 3, 4, 5};
    npc::save_npy(dir.file("t.npy"), ArrayView<const double, 2>(data, {3, 2}, {1, 3}));
    const Array<double, 2> t = npc::load_array<double, 2>(dir.file("t.npy"));
    CHECK(t.shape() == npc::Shape<2>{3, 2});
    CHECK(t(0, 1) == 3);
    CHECK(t(2, 0) == 2);
}

TEST_CASE("Fortran-order files are read in C order", "[runtime][npy]") {
    TempDir dir;
    // a = [[0, 1, 2], [3, 4, 5]] stored column by column: 0 3 1 4 2 5.
    const std::string path = dir.file("f.npy");
    npc::test::write_bytes(path,
                           npy_bytes("{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }",
                                     1, raw<int32_t>({0, 3, 1, 4, 2, 5})));
    const Array<int32_t, 2> a = npc::load_array<int32_t, 2>(path);
    for (int i = 0; i < 6; ++i)
        CHECK(a.data()[i] == i);
    const npc::NpyArray loaded = npc::load_npy(path);
    CHECK(loaded.fortran_order);
    const Array<int32_t, 2> b = npc::to_array<int32_t, 2>(loaded, "f.npy");
    CHECK(b(1, 0) == 3);

    // Rank 3, shape (2, 2, 2): element (i, j, k) stored at i + 2j + 4k holds 100i + 10j + k.
    std::vector<int64_t> f(8);
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
            for (int k = 0; k < 2; ++k)
                f[static_cast<std::size_t>(i + 2 * j + 4 * k)] = 100 * i + 10 * j + k;
    npc::test::write_bytes(
        path,
        npy_bytes("{'descr': '<i8', 'fortran_order': True, 'shape': (2, 2, 2), }", 1, raw(f)));
    const Array<int64_t, 3> c = npc::load_array<int64_t, 3>(path);
    CHECK(c(1, 0, 1) == 101);
    CHECK(c(0, 1, 1) == 11);
}

TEST_CASE("npy versions 2.0 and 3.0 are read; long headers are written as 2.0", "[runtime][npy]") {
    TempDir dir;
    const std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
    for (int major : {2, 3}) {
        const std::string path = dir.file("v" + std::to_string(major) + ".npy");
        npc::test::write_bytes(path, npy_bytes(dict, major, raw<float>({1.f, 2.f})));
        const Array<float, 1> a = npc::load_array<float, 1>(path);
        CHECK(a(1) == 2.f);
    }

    const std::vector<int64_t> shape(30000, 1); // "1, " * 30000 exceeds 65535 bytes.
    const std::string header = npc::format_npy_header("|u1", shape);
    CHECK(header[6] == 2);
    CHECK(header.size() % 64 == 0);
    const std::string path = dir.file("long.npy");
    const uint8_t value = 9;
    npc::save_npy(path, "|u1", shape, &value, 1);
    const npc::NpyArray a = npc::load_npy(path);
    CHECK(a.shape == shape);
    CHECK(a.bytes.at(0) == std::byte{9});
}

TEST_CASE("npy descr spellings are normalized", "[runtime][npy]") {
    CHECK(npc::canonical_npy_descr("<i1", "x") == "|i1");
    CHECK(npc::canonical_npy_descr("|u1", "x") == "|u1");
    CHECK(npc::canonical_npy_descr(">b1", "x") == "|b1");
    CHECK(npc::canonical_npy_descr("=f8", "x") == "<f8");
    CHECK(npc::canonical_npy_descr("<c16", "x") == "<c16");
    CHECK_THROWS_WITH(npc::canonical_npy_descr(">f8", "x.npy"),
                      Catch::StartsWith("x.npy: big-endian data ('>f8') is not supported"));
    CHECK_THROWS_WITH(npc::canonical_npy_descr("<f2", "x.npy"),
                      Catch::StartsWith("x.npy: unsupported dtype '<f2'"));
    CHECK_THROWS_WITH(npc::canonical_npy_descr("<U5", "x.npy"),
                      Catch::StartsWith("x.npy: unsupported dtype '<U5'"));
}

TEST_CASE("npy errors name the file and the problem", "[runtime][npy]") {
    TempDir dir;
    const std::string missing = dir.file("missing.npy");
    CHECK_THROWS_WITH(npc::load_npy(missing),
                      "cannot open '" + missing + "': No such file or directory");
    CHECK_THROWS_AS(npc::load_npy_header(missing), npc::Error);

    const std::string bad = dir.file("bad.npy");
    npc::test::write_bytes(bad, "PK\x03\x04 this is a zip file");
    CHECK_THROWS_WITH(npc::load_npy(bad), bad + ": not a .npy file (bad magic string)");

    const std::string dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }";
    npc::test::write_bytes(bad, npy_bytes(dict, 1, raw<double>({1, 2, 3})));
    CHECK_THROWS_WITH(npc::load_npy(bad), bad + ": truncated data: expected 32 bytes, found 24");
    CHECK_THROWS_WITH((npc::load_array<double, 1>(bad)),
                      bad + ": truncated data: expected 32 bytes, found 24");

    // A huge announced size fails before any allocation.
    npc::test::write_bytes(
        bad, npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000,), }", 1,
                       raw<double>({1})));
    CHECK_THROWS_WITH(npc::load_npy(bad),
                      bad + ": truncated data: expected 8000000000000 bytes, found 8");

    npc::test::write_bytes(bad, npy_bytes(dict, 1, "").substr(0, 30));
    CHECK_THROWS_WITH(npc::load_npy(bad), bad + ": truncated .npy header");

    npc::test::write_bytes(bad, npy_bytes(dict, 4, ""));
    CHECK_THROWS_WITH(npc::load_npy(bad), bad + ": unsupported .npy format version 4.0");

    npc::test::write_bytes(bad, npy_bytes("{'descr': '>i4', 'fortran_order': False, 'shape': ()}",
                                          1, raw<int32_t>({1})));
    CHECK_THROWS_WITH(npc::load_npy(bad), Catch::StartsWith(bad + ": big-endian data"));

    npc::test::write_bytes(bad, npy_bytes("{'descr': [('a', '<i4')], 'fortran_order': False, "
                                          "'shape': ()}",
                                          1, ""));
    CHECK_THROWS_WITH(npc::load_npy(bad), Catch::Contains("structured"));

    npc::test::write_bytes(bad, npy_bytes("{'descr': '<i4', 'shape': (1,)}", 1, raw<int32_t>({1})));
    CHECK_THROWS_WITH(npc::load_npy(bad), Catch::StartsWith(bad + ": malformed .npy header"));
    npc::test::write_bytes(bad, npy_bytes("{'descr': '<i4', 'fortran_order': False, "
                                          "'shape': (-1,)}",
                                          1, ""));
    CHECK_THROWS_WITH(npc::load_npy(bad), Catch::StartsWith(bad + ": malformed .npy header"));
    // NumPy reads the header as a Python literal: (3) is an int, text after the dict an error.
    npc::test::write_bytes(bad, npy_bytes("{'descr': '<i4', 'fortran_order': False, "
                                          "'shape': (1)}",
                                          1, raw<int32_t>({1})));
    CHECK_THROWS_WITH(npc::load_npy(bad), bad + ": malformed .npy header: 'shape' must be a "
                                                "tuple: (1,), not (1)");
    npc::test::write_bytes(bad, npy_bytes("{'descr': '<i4', 'fortran_order': False, "
                                          "'shape': (1,)} junk",
                                          1, raw<int32_t>({1})));
    CHECK_THROWS_WITH(npc::load_npy(bad), Catch::StartsWith(bad + ": malformed .npy header: "
                                                                  "unexpected text after"));
    npc::test::write_bytes(bad, npy_bytes("{'descr': '<i4', 'fortran_order': False, "
                                          "'shape': (1, 2)}",
                                          1, raw<int32_t>({1, 2})));
    CHECK(npc::load_npy(bad).shape == std::vector<int64_t>{1, 2});
}

TEST_CASE("to_array checks dtype and rank with NumPy names", "[runtime][npy]") {
    npc::NpyArray a{"<i4", {3}, false, std::vector<std::byte>(12)};
    CHECK_THROWS_AS((npc::to_array<double, 2>(a, "X.npy")), npc::TypeError);
    CHECK_THROWS_WITH((npc::to_array<double, 2>(a, "X.npy")),
                      "X.npy: expected a float64 array of rank 2, got int32 with shape (3,)");
    CHECK_THROWS_WITH((npc::to_array<int32_t, 0>(a, "n.npy")),
                      "n.npy: expected a int32 array of rank 0, got int32 with shape (3,)");
    CHECK(npc::to_array<int32_t, 1>(a, "X.npy").size() == 3);
}

TEST_CASE("save_npy is atomic and reports failures", "[runtime][npy]") {
    TempDir dir;
    const std::string nowhere = dir.file("no/such/dir/out.npy");
    const double x = 1;
    CHECK_THROWS_WITH(npc::save_npy(nowhere, "<f8", {}, &x, 8),
                      "cannot write '" + nowhere + "': No such file or directory");
    CHECK_FALSE(std::filesystem::exists(nowhere + ".tmp0"));

    const std::string path = dir.file("out.npy");
    npc::save_npy_scalar(path, 2.5);
    const std::string before = npc::test::read_bytes(path);
    CHECK_THROWS_WITH(npc::save_npy(path, "<f8", {2}, &x, 8),
                      "cannot write '" + path +
                          "': 8 bytes do not make a '<f8' array of shape (2,)");
    CHECK(npc::test::read_bytes(path) == before);

    // Renaming over a directory fails after the data was written: the old state remains.
    std::filesystem::create_directory(dir.file("taken.npy"));
    CHECK_THROWS_WITH(npc::save_npy(dir.file("taken.npy"), "<f8", {}, &x, 8),
                      Catch::StartsWith("cannot write '" + dir.file("taken.npy") + "': "));
    CHECK(std::filesystem::is_directory(dir.file("taken.npy")));
    CHECK_FALSE(std::filesystem::exists(dir.file("taken.npy.tmp0")));
}

TEST_CASE("save_npy writes through symbolic links and keeps others' files", "[runtime][npy]") {
    TempDir dir;
    const double x = 4.5;
    // As numpy.save: the link stays a link, its target gets the data.
    npc::save_npy_scalar(dir.file("target.npy"), 1.0);
    std::filesystem::create_symlink(dir.file("target.npy"), dir.file("link.npy"));
    npc::save_npy(dir.file("link.npy"), "<f8", {}, &x, 8);
    CHECK(std::filesystem::is_symlink(dir.file("link.npy")));
    CHECK(*npc::load_array<double, 0>(dir.file("target.npy")).data() == 4.5);
    // A link to a file not there yet (relative to the link's folder) creates it.
    std::filesystem::create_symlink("new.npy", dir.file("dangling.npy"));
    npc::save_npy(dir.file("dangling.npy"), "<f8", {}, &x, 8);
    CHECK(std::filesystem::is_symlink(dir.file("dangling.npy")));
    CHECK(*npc::load_array<double, 0>(dir.file("new.npy")).data() == 4.5);
    // A file that happens to have the temporary name is not overwritten or removed.
    { std::ofstream(dir.file("out.npy.tmp0")) << "mine"; }
    npc::save_npy(dir.file("out.npy"), "<f8", {}, &x, 8);
    CHECK(npc::test::read_bytes(dir.file("out.npy.tmp0")) == "mine");
    CHECK(*npc::load_array<double, 0>(dir.file("out.npy")).data() == 4.5);
    CHECK_FALSE(std::filesystem::exists(dir.file("out.npy.tmp1")));
}

TEST_CASE("shapes whose element count overflows are errors naming the file", "[runtime][npy]") {
    TempDir dir;
    for (const std::string shape : {"(4611686018427387904, 4)", "(0, 4611686018427387904)"}) {
        const std::string path = dir.file("big.npy");
        npc::test::write_bytes(
            path,
            npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': " + shape + ", }", 1, ""));
        CHECK_THROWS_WITH((npc::load_array<double, 2>(path)),
                          path + ": shape " + shape + " is too large");
    }
}

TEST_CASE("bool arrays read any non-zero byte as True", "[runtime][npy]") {
    TempDir dir;
    const std::string dict = "{'descr': '|b1', 'fortran_order': False, 'shape': (4,), }";
    const std::string path = dir.file("b.npy");
    {
        std::ofstream(path, std::ios::binary)
            << npy_bytes(dict, 1, std::string("\x02\x00\x01\xfe", 4));
    }
    for (const Array<bool, 1> &b :
         {npc::load_array<bool, 1>(path), npc::to_array<bool, 1>(npc::load_npy(path), "b")}) {
        const auto *bytes = reinterpret_cast<const unsigned char *>(b.data());
        CHECK(std::vector<int>(bytes, bytes + 4) == std::vector<int>{1, 0, 1, 1});
    }
}
