// Unit tests of formatDiagnostic (ir/SourceLoc.cpp): the `file:LINE:COL: error: msg` line,
// the source line and the caret line, and SourceFile's line/column arithmetic.
#include "ir/SourceLoc.h"

#include <catch2/catch.hpp>

using namespace npc;

namespace {

const char *const kKMeans = R"(import numpy as np

# npc export kmeans(float64[:,:], float64[:,:])
def kmeans(X, means):
    return np.foo(X - means[:, None])
)";

/// The location of the first occurrence of `needle` in `file`.
SourceLoc find(const SourceFile &file, const std::string &needle) {
    size_t at = file.text.find(needle);
    REQUIRE(at != std::string::npos);
    return {static_cast<uint32_t>(at), static_cast<uint32_t>(at + needle.size())};
}

} // namespace

TEST_CASE("diagnostics: line and column", "[diagnostic]") {
    SourceFile file{"kmeans.py", kKMeans};
    CHECK(file.lineColumn(0) == std::pair{1, 1});
    CHECK(file.lineColumn(find(file, "numpy").begin) == std::pair{1, 8});
    CHECK(file.lineColumn(find(file, "def").begin) == std::pair{4, 1});
    CHECK(file.lineColumn(find(file, "np.foo").begin) == std::pair{5, 12});
    CHECK(file.lineText(find(file, "means[").begin) == "    return np.foo(X - means[:, None])");
    CHECK(file.lineText(find(file, "\n\n").begin + 1).empty());
}

TEST_CASE("diagnostics: error with a range", "[diagnostic]") {
    SourceFile file{"kmeans.py", kKMeans};
    CHECK(formatDiagnostic(file, find(file, "np.foo"), "error", "unknown function 'np.foo'") ==
          "kmeans.py:5:12: error: unknown function 'np.foo'\n"
          "    return np.foo(X - means[:, None])\n"
          "           ^~~~~~\n");
    CHECK(formatDiagnostic(file, find(file, "means[:, None]"), "error", "bad index") ==
          "kmeans.py:5:23: error: bad index\n"
          "    return np.foo(X - means[:, None])\n"
          "                      ^~~~~~~~~~~~~~\n");
    CHECK(formatDiagnostic(file, find(file, "import"), "warning", "unused") ==
          "kmeans.py:1:1: warning: unused\n"
          "import numpy as np\n"
          "^~~~~~\n");
}

TEST_CASE("diagnostics: single characters, empty ranges and long ranges", "[diagnostic]") {
    SourceFile file{"t.py", "def f(x):\n    return x +\n"};
    SourceLoc plus = find(file, "+");
    CHECK(formatDiagnostic(file, plus, "error", "invalid syntax") ==
          "t.py:2:14: error: invalid syntax\n"
          "    return x +\n"
          "             ^\n");
    // An empty range (a MISSING token) still gets a caret.
    SourceLoc empty{plus.end, plus.end};
    CHECK(formatDiagnostic(file, empty, "error", "invalid syntax: missing ')'") ==
          "t.py:2:15: error: invalid syntax: missing ')'\n"
          "    return x +\n"
          "              ^\n");
    // A range over several lines is cut at the end of its first line.
    SourceLoc function{0, static_cast<uint32_t>(file.text.size())};
    CHECK(formatDiagnostic(file, function, "error", "too long") == "t.py:1:1: error: too long\n"
                                                                   "def f(x):\n"
                                                                   "^~~~~~~~~\n");
}

TEST_CASE("diagnostics: tabs are kept so the caret lines up", "[diagnostic]") {
    SourceFile file{"t.py", "def f(x):\n\treturn y\n"};
    CHECK(formatDiagnostic(file, find(file, "y"), "error", "undefined name 'y'") ==
          "t.py:2:9: error: undefined name 'y'\n"
          "\treturn y\n"
          "\t       ^\n");
}

TEST_CASE("diagnostics: no location and no trailing newline", "[diagnostic]") {
    SourceFile file{"t.py", "x = 1"};
    CHECK(formatDiagnostic(file, SourceLoc{}, "error", "no functions to export") ==
          "t.py: error: no functions to export\n");
    CHECK(formatDiagnostic(file, find(file, "1"), "error", "bad") == "t.py:1:5: error: bad\n"
                                                                     "x = 1\n"
                                                                     "    ^\n");
}
