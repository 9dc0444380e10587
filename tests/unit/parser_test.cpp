// Unit tests of frontend/Parser.cpp on well-formed input: the K-Means sample, every
// expression and statement kind, module-level statements, comments and locations.
#include "SyntaxDump.h"
#include "frontend/Parser.h"

#include <catch2/catch.hpp>

using namespace npc;
using npc::testing::dumpBlock;
using npc::testing::dumpExpr;

namespace {

const char *const kKMeans = R"(import numpy as np

# npc export kmeans(float64[:,:], float64[:,:])
def kmeans(X, means):
    return np.argmin(np.linalg.norm(X - means[:, None], axis=2), axis=0)
)";

/// The body of `def f(a, b, c):` holding `body` (indented by the caller), as dumped text.
std::string bodyOf(const std::string &body) {
    SourceFile file{"t.py", "def f(a, b, c):\n" + body};
    syntax::Module module = parseModule(file);
    REQUIRE(module.functions.size() == 1);
    return dumpBlock(module.functions[0].body);
}

/// The dump of one expression, parsed as `return <expr>`.
std::string exprOf(const std::string &expr) {
    std::string dumped = bodyOf("    return " + expr + "\n");
    REQUIRE(dumped.rfind("return ", 0) == 0);
    return dumped.substr(7, dumped.size() - 8);
}

/// The text a location spans.
std::string spelled(const SourceFile &file, SourceLoc loc) {
    return file.text.substr(loc.begin, loc.end - loc.begin);
}

} // namespace

TEST_CASE("parser: the K-Means sample", "[parser]") {
    SourceFile file{"kmeans.py", kKMeans};
    syntax::Module module = parseModule(file);

    REQUIRE(module.imports.size() == 1);
    CHECK(module.imports[0].module == "numpy");
    CHECK(module.imports[0].name.empty());
    CHECK(module.imports[0].alias == "np");
    CHECK(module.constants.empty());
    REQUIRE(module.functions.size() == 1);

    const syntax::FunctionDef &kmeans = module.functions[0];
    CHECK(kmeans.name == "kmeans");
    CHECK(kmeans.params == std::vector<std::string>{"X", "means"});
    CHECK(file.lineColumn(kmeans.nameLoc.begin) == std::pair{4, 5});
    CHECK(spelled(file, kmeans.nameLoc) == "kmeans");
    CHECK(spelled(file, kmeans.paramLocs[1]) == "means");
    CHECK(file.lineColumn(kmeans.loc.begin) == std::pair{4, 1});
    CHECK(dumpBlock(kmeans.body) ==
          "return np.argmin(np.linalg.norm((X - means[:, None]), axis=2), axis=0)\n");

    // Locations of the nodes on the path to `means[:, None]`.
    const syntax::Stmt &ret = *kmeans.body[0];
    CHECK(file.lineColumn(ret.loc.begin) == std::pair{5, 5});
    const auto *argmin = ret.as<syntax::Return>()->value->as<syntax::Call>();
    REQUIRE(argmin);
    CHECK(spelled(file, argmin->keywords[0].loc) == "axis=0");
    const syntax::Expr &norm = *argmin->args[0];
    CHECK(spelled(file, norm.loc) == "np.linalg.norm(X - means[:, None], axis=2)");
    const auto *attr = norm.as<syntax::Call>()->func->as<syntax::Attribute>();
    CHECK(spelled(file, attr->attrLoc) == "norm");
    const syntax::Expr &diff = *norm.as<syntax::Call>()->args[0];
    CHECK(spelled(file, diff.loc) == "X - means[:, None]");
    const syntax::Expr &sub = *diff.as<syntax::Binary>()->rhs;
    CHECK(spelled(file, sub.loc) == "means[:, None]");
    CHECK(file.lineColumn(sub.loc.begin) == std::pair{5, 41});
    const auto *subscript = sub.as<syntax::Subscript>();
    REQUIRE(subscript->indices.size() == 2);
    CHECK(subscript->indices[0]->as<syntax::Slice>());
    CHECK(spelled(file, subscript->indices[0]->loc) == ":");
    CHECK(subscript->indices[1]->as<syntax::NoneLiteral>());
    CHECK(spelled(file, subscript->indices[1]->loc) == "None");
}

TEST_CASE("parser: numeric, string and constant literals", "[parser]") {
    CHECK(exprOf("0") == "0");
    CHECK(exprOf("1_000_000") == "1000000");
    CHECK(exprOf("0x1F") == "31");
    CHECK(exprOf("0XfF") == "255");
    CHECK(exprOf("0o17") == "15");
    CHECK(exprOf("0b101") == "5");
    CHECK(exprOf("0b_1010_1010") == "170");
    CHECK(exprOf("000") == "0");
    CHECK(exprOf("9223372036854775807") == "9223372036854775807");
    CHECK(exprOf("-9223372036854775808") == "-9223372036854775808");
    CHECK(exprOf("-1") == "(-1)");
    CHECK(exprOf("0.5") == "0.5f");
    CHECK(exprOf("1.") == "1f");
    CHECK(exprOf(".25") == "0.25f");
    CHECK(exprOf("1e-3") == "0.001f");
    CHECK(exprOf("1E3") == "1000f");
    CHECK(exprOf("1_000.5") == "1000.5f");
    CHECK(exprOf("1e400") == "inff");
    CHECK(exprOf("1j") == "1j");
    CHECK(exprOf("2.5J") == "2.5j");
    CHECK(exprOf("1e-3j") == "0.001j");
    CHECK(exprOf("True") == "True");
    CHECK(exprOf("False") == "False");
    CHECK(exprOf("None") == "None");
    CHECK(exprOf("...") == "...");
    CHECK(exprOf("'fro'") == "'fro'");
    CHECK(exprOf("\"fro\"") == "'fro'");
    CHECK(exprOf("'''doc'''") == "'doc'");
    CHECK(exprOf("'a' \"b\"") == "'ab'");
    CHECK(exprOf("u'x'") == "'x'");
    CHECK(exprOf(R"('a\tb\\c\'\x41\u00e9\101')") == "'a\tb\\c'A\xc3\xa9"
                                                    "A'");
    CHECK(exprOf(R"(r'\d\n')") == R"('\d\n')");
    CHECK(exprOf(R"('\d')") == R"('\d')");
}

TEST_CASE("parser: operators", "[parser]") {
    CHECK(exprOf("a + b - c * d / e // f % g") == "((a + b) - ((((c * d) / e) // f) % g))");
    CHECK(exprOf("a ** -b") == "(a ** (-b))");
    CHECK(exprOf("-a ** b") == "(-(a ** b))");
    CHECK(exprOf("a @ b") == "(a @ b)");
    CHECK(exprOf("a & b | c ^ d") == "((a & b) | (c ^ d))");
    CHECK(exprOf("a << 1 >> 2") == "((a << 1) >> 2)");
    CHECK(exprOf("~a + +b") == "((~a) + (+b))");
    CHECK(exprOf("not a") == "(not a)");
    CHECK(exprOf("a and b and c") == "(a and b and c)");
    CHECK(exprOf("a or b or c") == "(a or b or c)");
    CHECK(exprOf("a and b or c and d") == "((a and b) or (c and d))");
    CHECK(exprOf("(a and b) and c") == "((a and b) and c)"); // parentheses are kept
    CHECK(exprOf("a and (b or c)") == "(a and (b or c))");
    CHECK(exprOf("not a and b") == "((not a) and b)");
    CHECK(exprOf("a < b") == "(a < b)");
    CHECK(exprOf("0 <= a < b == c != d > e >= f") == "(0 <= a < b == c != d > e >= f)");
    CHECK(exprOf("a is None") == "(a is None)");
    CHECK(exprOf("a is not None") == "(a is not None)");
    CHECK(exprOf("a in b") == "(a in b)");
    CHECK(exprOf("a not in b") == "(a not in b)");
    CHECK(exprOf("a if b > 0 else c") == "(a if (b > 0) else c)");
    CHECK(exprOf("((a))") == "a");
}

TEST_CASE("parser: calls, attributes, subscripts and sequences", "[parser]") {
    CHECK(exprOf("f()") == "f()");
    CHECK(exprOf("np.sum(a, axis=0, keepdims=True)") == "np.sum(a, axis=0, keepdims=True)");
    CHECK(exprOf("np.linalg.norm(x, ord='fro')") == "np.linalg.norm(x, ord='fro')");
    CHECK(exprOf("f(a,)") == "f(a)");
    CHECK(exprOf("a.T.shape[0]") == "a.T.shape[0]");
    CHECK(exprOf("a[1]") == "a[1]");
    CHECK(exprOf("a[-1]") == "a[(-1)]");
    CHECK(exprOf("a[i, j]") == "a[i, j]");
    CHECK(exprOf("a[:, None]") == "a[:, None]");
    CHECK(exprOf("a[None, :, None]") == "a[None, :, None]");
    CHECK(exprOf("a[1:2:3, ..., ::2, :-1, 1:]") == "a[1:2:3, ..., ::2, :(-1), 1:]");
    CHECK(exprOf("a[::]") == "a[:]");
    CHECK(exprOf("a[::-1]") == "a[::(-1)]");
    CHECK(exprOf("a[(1, 2)]") == "a[(1, 2)]");
    CHECK(exprOf("a[()]") == "a[()]");
    CHECK(exprOf("a[b[0]][1]") == "a[b[0]][1]");
    CHECK(exprOf("(1, 2)") == "(1, 2)");
    CHECK(exprOf("(1,)") == "(1,)");
    CHECK(exprOf("()") == "()");
    CHECK(exprOf("a, b") == "(a, b)");
    CHECK(exprOf("[1, [2, 3]]") == "[1, [2, 3]]");
    CHECK(exprOf("[]") == "[]");
    CHECK(exprOf("np.zeros((n, 3), dtype=np.float32)") == "np.zeros((n, 3), dtype=np.float32)");

    SourceFile file{"t.py", "def f(a):\n    return a[1:2, None]\n"};
    syntax::Module module = parseModule(file);
    const auto *sub =
        module.functions[0].body[0]->as<syntax::Return>()->value->as<syntax::Subscript>();
    const auto *slice = sub->indices[0]->as<syntax::Slice>();
    REQUIRE(slice);
    CHECK(spelled(file, sub->indices[0]->loc) == "1:2");
    CHECK(spelled(file, slice->lower->loc) == "1");
    CHECK(spelled(file, slice->upper->loc) == "2");
    CHECK(slice->step == nullptr);
}

TEST_CASE("parser: statements", "[parser]") {
    CHECK(bodyOf("    x = 1\n") == "x = 1\n");
    CHECK(bodyOf("    x = y = a\n") == "x = y = a\n");
    CHECK(bodyOf("    a, b = b, a\n") == "(a, b) = (b, a)\n");
    CHECK(bodyOf("    (a, b) = c\n") == "(a, b) = c\n");
    CHECK(bodyOf("    [a, b] = c\n") == "(a, b) = c\n");
    CHECK(bodyOf("    a, (b, c) = x\n") == "(a, (b, c)) = x\n");
    CHECK(bodyOf("    a[0, :] = 1\n") == "a[0, :] = 1\n");
    CHECK(bodyOf("    a.b = 1\n") == "a.b = 1\n");
    CHECK(bodyOf("    x += 1\n    x -= 1\n    x *= 2\n    x /= 2\n    x //= 2\n    x %= 2\n"
                 "    x **= 2\n    x @= a\n    x &= 1\n    x |= 1\n    x ^= 1\n    x <<= 1\n"
                 "    x >>= 1\n") ==
          "x += 1\nx -= 1\nx *= 2\nx /= 2\nx //= 2\nx %= 2\nx **= 2\nx @= a\nx &= 1\nx |= 1\n"
          "x ^= 1\nx <<= 1\nx >>= 1\n");
    CHECK(bodyOf("    a[i] += 1\n") == "a[i] += 1\n");
    CHECK(bodyOf("    \"\"\"Docstring.\"\"\"\n    print(a)\n") == "'Docstring.'\nprint(a)\n");
    CHECK(bodyOf("    a, b\n") == "(a, b)\n");
    CHECK(bodyOf("    return\n") == "return\n");
    CHECK(bodyOf("    return a, b\n") == "return (a, b)\n");
    CHECK(bodyOf("    pass\n") == "pass\n");
    CHECK(bodyOf("    if a:\n        x = 1\n") == "if a:\n  x = 1\n");
    CHECK(bodyOf("    if a:\n        x = 1\n    else:\n        x = 2\n") ==
          "if a:\n  x = 1\nelse:\n  x = 2\n");
    CHECK(bodyOf("    if a:\n        x = 1\n    elif b:\n        x = 2\n    elif c:\n"
                 "        x = 3\n    else:\n        x = 4\n") ==
          "if a:\n  x = 1\nelse:\n  if b:\n    x = 2\n  else:\n    if c:\n      x = 3\n"
          "    else:\n      x = 4\n");
    CHECK(bodyOf("    if a:\n        pass\n    elif b:\n        pass\n") ==
          "if a:\n  pass\nelse:\n  if b:\n    pass\n");
    CHECK(bodyOf("    for i in range(10):\n        if i > 5:\n            break\n"
                 "        continue\n") ==
          "for i in range(10):\n  if (i > 5):\n    break\n  continue\n");
    // Loops over anything but range() become range() loops over hidden names bound once.
    CHECK(bodyOf("    for i, x in enumerate(a):\n        pass\n") ==
          "__npc_iter32_0 = a\nfor __npc_k32 in range(len(__npc_iter32_0)):\n"
          "  (i, x) = (__npc_k32, __npc_iter32_0[__npc_k32])\n  pass\n");
    CHECK(bodyOf("    for i, x in enumerate(a, 1):\n        pass\n") ==
          "__npc_start32 = 1\n__npc_iter32_0 = a\nfor __npc_k32 in range(len(__npc_iter32_0)):\n"
          "  (i, x) = ((__npc_k32 + __npc_start32), __npc_iter32_0[__npc_k32])\n  pass\n");
    CHECK(bodyOf("    for (i, x) in y:\n        pass\n") ==
          "__npc_iter34_0 = y\nfor __npc_k34 in range(len(__npc_iter34_0)):\n"
          "  (i, x) = __npc_iter34_0[__npc_k34]\n  pass\n");
    CHECK(bodyOf("    for a, b in zip(x, y):\n        pass\n") ==
          "__npc_iter32_0 = x\n__npc_iter32_1 = y\n"
          "for __npc_k32 in range(min(len(__npc_iter32_0), len(__npc_iter32_1))):\n"
          "  (a, b) = (__npc_iter32_0[__npc_k32], __npc_iter32_1[__npc_k32])\n  pass\n");
    CHECK(bodyOf("    while a < b:\n        a += 1\n        if a:\n            break\n") ==
          "while (a < b):\n  a += 1\n  if a:\n    break\n");
    CHECK(bodyOf("    while True:\n        for i in a:\n            pass\n        break\n") ==
          "while True:\n  __npc_iter49_0 = a\n  for __npc_k49 in range(len(__npc_iter49_0)):\n"
          "    i = __npc_iter49_0[__npc_k49]\n    pass\n  break\n");
}

TEST_CASE("parser: elif locations nest to the end of the chain", "[parser]") {
    SourceFile file{"t.py", "def f(a, b):\n    if a:\n        pass\n    elif b:\n        pass\n"
                            "    else:\n        pass\n"};
    syntax::Module module = parseModule(file);
    const syntax::Stmt &outer = *module.functions[0].body[0];
    CHECK(file.lineColumn(outer.loc.begin) == std::pair{2, 5});
    const syntax::Stmt &elif = *outer.as<syntax::If>()->orelse[0];
    REQUIRE(elif.as<syntax::If>());
    CHECK(file.lineColumn(elif.loc.begin) == std::pair{4, 5});
    CHECK(elif.loc.end == outer.loc.end);
    CHECK(spelled(file, elif.as<syntax::If>()->test->loc) == "b");
}

TEST_CASE("parser: module-level statements", "[parser]") {
    SourceFile file{"m.py", R"("""Module docstring."""
from __future__ import annotations
import numpy as np
import numpy
import math
import numpy.linalg
import numpy.linalg as la, math as m
from math import sqrt, pi as PI
from numpy import (float32,
                   float64 as f64)

N = 3
EPS = 1e-6
SHAPE = (2, 3)
print("ignored")

def f(x):
    return x * N

def g():
    pass

if __name__ == "__main__":
    print(f(2))
    import sys
    class C: pass
)"};
    syntax::Module module = parseModule(file);
    std::vector<std::string> imports;
    for (const syntax::Import &import : module.imports)
        imports.push_back(import.module + "|" + import.name + "|" + import.alias);
    CHECK(imports == std::vector<std::string>{"numpy||np", "numpy||numpy", "math||math",
                                              "numpy||numpy", "numpy.linalg||la", "math||m",
                                              "math|sqrt|sqrt", "math|pi|PI",
                                              "numpy|float32|float32", "numpy|float64|f64"});
    CHECK(spelled(file, module.imports[7].loc) == "pi as PI");
    REQUIRE(module.constants.size() == 3);
    CHECK(module.constants[0].name == "N");
    CHECK(dumpExpr(module.constants[0].value.get()) == "3");
    CHECK(module.constants[1].name == "EPS");
    CHECK(dumpExpr(module.constants[2].value.get()) == "(2, 3)");
    CHECK(spelled(file, module.constants[0].loc) == "N = 3");
    REQUIRE(module.functions.size() == 2);
    CHECK(module.functions[0].name == "f");
    CHECK(module.functions[1].name == "g");
    CHECK(module.functions[1].params.empty());

    // The guard is recognised with its operands swapped and with single quotes too.
    CHECK(parseModule({"m.py", "if '__main__' == __name__:\n    main()\n"}).functions.empty());
}

TEST_CASE("parser: comments may appear anywhere", "[parser]") {
    CHECK(bodyOf("    # leading\n    x = f(a,  # first\n          b)  # second\n") ==
          "x = f(a, b)\n");
    CHECK(bodyOf("    y = a[  # index\n        :, None]\n") == "y = a[:, None]\n");
    CHECK(bodyOf("    if a:  # c\n        pass\n    # between\n    elif b:\n        pass\n"
                 "    # before else\n    else:\n        pass\n") ==
          "if a:\n  pass\nelse:\n  if b:\n    pass\n  else:\n    pass\n");
    CHECK(bodyOf("    z = (a +  # c\n         b)\n") == "z = (a + b)\n");
    CHECK(bodyOf("    w = [1,  # c\n         2]\n") == "w = [1, 2]\n");
    CHECK(bodyOf("    v = (a <  # c\n         b)\n") == "v = (a < b)\n");
    CHECK(bodyOf("    u = a \\\n        + b\n") == "u = (a + b)\n");
    SourceFile file{"t.py", "def f(a,  # c\n      b):  # c\n    # c\n    return a\n"};
    CHECK(parseModule(file).functions[0].params == std::vector<std::string>{"a", "b"});
}

TEST_CASE("parser: names that are soft keywords elsewhere", "[parser]") {
    CHECK(bodyOf("    match = print(exec, type)\n") == "match = print(exec, type)\n");
}

TEST_CASE("parser: default values and annotations of parameters", "[parser]") {
    SourceFile file{"t.py", "def f(a: np.ndarray, b=2.5, c: int = -1, d=(None, 'x', True)) "
                            "-> np.ndarray:\n    s: float = 0.0\n    t: int\n    return a\n"};
    syntax::Module module = parseModule(file);
    const syntax::FunctionDef &f = module.functions.at(0);
    CHECK(f.params == std::vector<std::string>{"a", "b", "c", "d"});
    CHECK(spelled(file, f.paramLocs[2]) == "c");
    REQUIRE(f.defaults.size() == 4);
    CHECK(f.defaults[0] == nullptr);
    CHECK(dumpExpr(f.defaults[1].get()) == "2.5f");
    CHECK(dumpExpr(f.defaults[2].get()) == "(-1)");
    CHECK(dumpExpr(f.defaults[3].get()) == "(None, 'x', True)");
    // Annotations are dropped; a bare `t: int` declares nothing.
    CHECK(dumpBlock(f.body) == "s = 0f\npass\nreturn a\n");
    SourceFile constant{"t.py", "N: int = 3\nM: int\n"};
    syntax::Module m = parseModule(constant);
    REQUIRE(m.constants.size() == 1);
    CHECK(m.constants[0].name == "N");
}
