// Unit tests of frontend/Parser.cpp on rejected input: located syntax errors, constructs
// outside npc's Python subset, bad parameters and module-level statements, bad literals.
#include "frontend/Parser.h"

#include <catch2/catch.hpp>

using namespace npc;

namespace {

struct Diagnostic {
    std::string message;
    int line = 0;
    int column = 0;
    std::string spelled; ///< the source text the location spans
};

/// The UserError that parsing `text` raises (fails the test if none is raised).
Diagnostic errorOf(const std::string &text) {
    SourceFile file{"t.py", text};
    try {
        parseModule(file);
    } catch (const UserError &error) {
        auto [line, column] = file.lineColumn(error.loc().begin);
        return {error.what(), line, column,
                text.substr(error.loc().begin, error.loc().end - error.loc().begin)};
    }
    FAIL("no error for:\n" << text);
    return {};
}

/// The error for `body` placed inside `def f(a, b):`.
Diagnostic errorInBody(const std::string &body) {
    return errorOf("def f(a, b):\n" + body);
}

} // namespace

TEST_CASE("parser errors: syntax errors are located", "[parser]") {
    Diagnostic missingColon = errorOf("def f(x)\n    return x\n");
    CHECK(missingColon.message == "expected ':'");
    CHECK(missingColon.line == 1);
    CHECK(missingColon.column == 9); // just after `)`, as CPython puts it

    Diagnostic dangling = errorOf("import numpy as np\n\ndef f(x):\n    return x +\n");
    CHECK(dangling.message == "invalid syntax");
    CHECK(dangling.line == 4);
    CHECK(dangling.column == 15);

    Diagnostic unclosed = errorOf("def f(x):\n    y = (1 +\n    return y\n");
    CHECK(unclosed.message == "'(' was never closed");
    CHECK(unclosed.line == 2);
    CHECK(unclosed.column == 9);

    Diagnostic secondFunction = errorOf("def f(x):\n    return x\n\ndef g(x):\n    return x $ 2\n");
    CHECK(secondFunction.message.rfind("invalid syntax", 0) == 0);
    CHECK(secondFunction.line == 5);

    Diagnostic assignToCall = errorOf("def f(a):\n    f() = 1\n");
    CHECK(assignToCall.message.rfind("invalid syntax", 0) == 0);
    CHECK(assignToCall.line == 2);

    Diagnostic missing = errorOf("def f(x):\n    return g(x\n");
    CHECK(missing.message == "'(' was never closed");
    CHECK(missing.line == 2);

    // tree-sitter accepts an empty body here without an ERROR node.
    Diagnostic indent = errorOf("def f(x):\nreturn x\n");
    CHECK(indent.message == "expected an indented block");
    CHECK(indent.line == 2);
    CHECK(indent.column == 1);
    Diagnostic emptyIf = errorOf("def f(x):\n    if x:\n    # c\n    return x\n");
    CHECK(emptyIf.message == "expected an indented block");
    CHECK(emptyIf.line == 3);
}

TEST_CASE("parser errors: CPython's messages and positions for token-level mistakes", "[parser]") {
    // Each expectation is what CPython 3.11's ast.parse reports.
    struct Case {
        const char *body, *message;
        int line, column;
    };
    const Case cases[] = {
        {"    x = f(a, (b\n    return x\n", "'(' was never closed", 2, 14},
        {"    x = f(a, (b]\n", "closing parenthesis ']' does not match opening parenthesis '('", 2,
         16},
        {"    x = f(a, (b,\n  c]\n",
         "closing parenthesis ']' does not match opening parenthesis '(' on line 2", 3, 4},
        {"    x = a)\n", "unmatched ')'", 2, 10},
        {"    x = \"abc\n    return x\n", "unterminated string literal (detected at line 2)", 2, 9},
        {"    x = rb'abc\n", "unterminated string literal (detected at line 2)", 2, 9},
        {"    x = \"\"\"abc\n    return x\n",
         "unterminated triple-quoted string literal (detected at line 3)", 2, 9},
        {"    if a > 0  # c\n        return a\n", "expected ':'", 2, 15},
        {"    for i in range(3)\n        a = i\n", "expected ':'", 2, 22},
        {"    x = a *\n    return x\n", "invalid syntax", 2, 12},
        {"    x = (a +\n         b) -\n    return x\n", "invalid syntax", 3, 14},
        {"    x = a +", "invalid syntax", 2, 12},
        {"    return a $ 2\n", "invalid syntax", 2, 14},
        {"    return a \\ 2\n", "unexpected character after line continuation character", 2, 15},
        {"    return [1 2]\n", "invalid syntax. Perhaps you forgot a comma?", 2, 13},
        {"    return [np.pi 2]\n", "invalid syntax. Perhaps you forgot a comma?", 2, 13},
        {"    return [f(a)[0] 2]\n", "invalid syntax. Perhaps you forgot a comma?", 2, 13},
        {"    return [-a 2]\n", "invalid syntax. Perhaps you forgot a comma?", 2, 13},
        {"    return [\"s\" 2]\n", "invalid syntax. Perhaps you forgot a comma?", 2, 13},
        {"    x = a *   # c\n", "invalid syntax", 2, 15},
        {"    return np.array([[1, 2], [3 4]])\n", "invalid syntax. Perhaps you forgot a comma?", 2,
         31},
        {"    if a = 1:\n        return a\n",
         "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 2, 8},
        // A tokenizer error after the parser's error replaces it, as CPython tokenizes the
        // rest of the file once parsing fails.
        {"    x = [1 2]\n    y = a)\n", "unmatched ')'", 3, 10},
        {"    x = a +\n    y = \"abc\n", "unterminated string literal (detected at line 3)", 3, 9},
        // A bracket never closed, unless the parser's error comes before its line.
        {"    y = (a\n    z = 1\n", "'(' was never closed", 2, 9},
        {"    x = a +\n    y = (a\n    z = 1\n", "invalid syntax", 2, 12},
        {"    return a\ndef c#omplex(z):\n    return z\n", "expected '('", 3, 6},
        {"    return a\nde heat(u):\n    return u\n", "invalid syntax", 3, 4},
        // tree-sitter accepts an annotation after `=`.
        {"    f = np.linsp:ace(0, 10)\n", "invalid syntax", 2, 17},
        {"    f = x: int = 3\n", "invalid syntax", 2, 10},
        {"    f: int = x: int\n", "invalid syntax", 2, 15},
    };
    for (const Case &c : cases) {
        INFO(c.body);
        Diagnostic d = errorInBody(c.body);
        CHECK(d.message == c.message);
        CHECK(d.line == c.line);
        CHECK(d.column == c.column);
    }
    // Underscores only between digits; a backslash joining the last line to nothing.
    CHECK(errorInBody("    y = 1_000_\n").message == "invalid decimal literal");
    CHECK(errorInBody("    y = 1_.5\n").message == "invalid decimal literal");
    CHECK_NOTHROW(parseModule({"t.py", "def f(a):\n    return 0x_ff + 1_000 + 1e1_0 + 0b_1\n"}));
    Diagnostic eof = errorInBody("    y = a\\");
    CHECK(eof.message == "unexpected EOF while parsing");
    CHECK(eof.spelled == "\\");
    // tree-sitter's recovery makes `else` a name here; Python never does.
    CHECK(errorInBody("    if a: b = 1; else: b = 2\n").spelled == "else");
    // A keyword is no operand: no comma is missing here.
    CHECK(errorInBody("    return [x for x in a if]\n").message == "invalid syntax");
    // Valid continuations, strings and numbers are no errors: the first error is the `$`.
    Diagnostic later = errorInBody("    x = (a +\n         b) + 1. + .5e-3 + 0x1F \\\n    + 2\n"
                                   "    s = 'a' \"b\" '''c\nd'''\n    return x $ s\n");
    CHECK(later.message == "invalid syntax");
    CHECK(later.line == 7);
    CHECK(later.column == 14);
}

TEST_CASE("parser errors: indentation that tree-sitter accepts but Python does not", "[parser]") {
    Diagnostic deeper = errorOf("def f(x):\n  a = 1\n    b = 2\n");
    CHECK(deeper.message == "unexpected indent");
    CHECK(deeper.line == 3);
    CHECK(deeper.spelled == "b = 2");

    // tree-sitter closes the function and makes `b = 2` a module-level statement.
    Diagnostic between = errorOf("def f(x):\n    a = 1\n  b = 2\n");
    CHECK(between.message == "unindent does not match any outer indentation level");
    CHECK(between.line == 3);

    Diagnostic shallower = errorOf("def f(x):\n    if x:\n        a = 1\n      b = 2\n");
    CHECK(shallower.message == "unindent does not match any outer indentation level");
    CHECK(shallower.line == 4);

    Diagnostic tabs = errorOf("def f(x):\n    a = 1\n\tb = 2\n");
    CHECK(tabs.message == "inconsistent use of tabs and spaces in indentation");

    CHECK(errorOf("  x = 1\n").message == "unexpected indent");
    CHECK(errorOf("def f(x):\n    a = g(1,\n          2)\n        b = 2\n").message ==
          "unexpected indent");

    // Several statements on one line, and tabs used consistently, are fine.
    CHECK_NOTHROW(parseModule({"t.py", "def f(x):\n\tif x: a = 1; b = 2\n\treturn x\n"}));
}

TEST_CASE("parser errors: raise and assert take built-in exceptions and constant messages",
          "[parser]") {
    Diagnostic bare = errorInBody("    raise\n");
    CHECK(bare.message.find("a bare 'raise' re-raises") == 0);
    CHECK(bare.spelled == "raise");
    Diagnostic custom = errorInBody("    raise MyError('m')\n");
    CHECK(custom.message.find("npc raises only the built-in exceptions Exception, ValueError") ==
          0);
    CHECK(custom.spelled == "MyError");
    CHECK(errorInBody("    raise np.linalg.LinAlgError\n").spelled == "np.linalg.LinAlgError");
    Diagnostic computed = errorInBody("    raise ValueError(a)\n");
    CHECK(computed.message.find("npc raises exceptions with a constant message") == 0);
    CHECK(computed.spelled == "a");
    CHECK(errorInBody("    raise ValueError('m', a)\n").spelled == "('m', a)");
    CHECK(errorInBody("    assert a, b\n").spelled == "b");
    CHECK(errorInBody("    raise ValueError(f'{a!r}')\n").message.find("without conversions") !=
          std::string::npos);
    CHECK(errorInBody("    raise ValueError(f'{a:.2f}')\n").spelled == "{a:.2f}");
    CHECK(errorInBody("    x = f'{a}'\n").message == "unsupported Python construct: f-string");
    CHECK_NOTHROW(parseModule({"t.py", "def f(a):\n    if a:\n        raise ValueError('m') from "
                                       "None\n    assert a > 0\n    raise TypeError\n"}));
}

TEST_CASE("parser errors: unsupported constructs name the construct", "[parser]") {
    struct Case {
        const char *body;
        const char *construct;
        const char *spelled;
    };
    const Case cases[] = {
        {"    class C:\n        pass\n", "class definition", "class C:\n        pass"},
        {"    with open(a) as h:\n        pass\n", "with statement", nullptr},
        {"    try:\n        pass\n    except E:\n        pass\n", "try statement", nullptr},
        {"    g = lambda x: x\n", "lambda", "lambda x: x"},
        {"    global a\n", "global statement", "global a"},
        {"    nonlocal a\n", "nonlocal statement", "nonlocal a"},
        {"    yield a\n", "yield", "yield a"},
        {"    x = yield a\n", "yield", "yield a"},
        {"    return await a\n", "await", "await a"},
        {"    del a\n", "del statement", "del a"},
        {"    x = [i for i in a]\n", "list comprehension", "[i for i in a]"},
        {"    x = {i: i for i in a}\n", "dict comprehension", nullptr},
        {"    x = {i for i in a}\n", "set comprehension", nullptr},
        {"    x = sum(i for i in a)\n", "generator expression", "(i for i in a)"},
        {"    x = {1: 2}\n", "dict literal", "{1: 2}"},
        {"    x = {1, 2}\n", "set literal", "{1, 2}"},
        {"    f(*a)\n", "star expression", "*a"},
        {"    x = [*a]\n", "star expression", "*a"},
        {"    f(**a)\n", "'**' unpacking", "**a"},
        {"    if (n := len(a)) > 1:\n        pass\n", "assignment expression ':='", "n := len(a)"},
        {"    def g(x):\n        return x\n", "nested function definition", nullptr},
        {"    import math\n", "import inside a function", "import math"},
        {"    x = f'{a}'\n", "f-string", "f'{a}'"},
        {"    x = b'abc'\n", "bytes literal", "b'abc'"},
        {"    for i in a:\n        pass\n    else:\n        pass\n", "else clause on a for loop",
         nullptr},
        {"    while a:\n        pass\n    else:\n        pass\n", "else clause on a while loop",
         nullptr},
        {"    a, *b = c\n", "starred assignment target", "*b"},
        {"    match a:\n        case 1:\n            pass\n", "match statement", nullptr},
    };
    for (const Case &c : cases) {
        INFO(c.body);
        Diagnostic d = errorInBody(c.body);
        CHECK(d.message == std::string("unsupported Python construct: ") + c.construct);
        if (c.spelled)
            CHECK(d.spelled == c.spelled);
        CHECK(d.line >= 2);
    }
}

TEST_CASE("parser errors: function definitions", "[parser]") {
    struct Case {
        const char *source;
        const char *message;
        const char *spelled;
    };
    const Case cases[] = {
        {"def f(a, b=g(1)):\n    pass\n",
         "npc supports only constant default values: numbers, True, False, None, strings, "
         "module-level constants (K, np.pi, math.inf), arithmetic on them, and tuples of them",
         "g(1)"},
        {"def f(a=1, b):\n    pass\n", "parameter without a default follows parameter with a default",
         "b"},
        {"def f(a, *args: int):\n    pass\n", "unsupported Python construct: star expression",
         "*args"},
        {"def f(a, *args):\n    pass\n", "unsupported Python construct: star expression", "*args"},
        {"def f(**kw):\n    pass\n", "unsupported Python construct: '**' unpacking", "**kw"},
        {"def f(a, *, b):\n    pass\n", "unsupported Python construct: keyword-only parameters",
         "*"},
        {"def f(a, /, b):\n    pass\n", "unsupported Python construct: positional-only parameters",
         "/"},
        {"def f(a, a):\n    pass\n", "duplicate argument 'a' in function definition", "a"},
        {"@njit\ndef f(a):\n    pass\n", "unsupported Python construct: decorator", "@njit"},
        {"async def f(a):\n    pass\n", "unsupported Python construct: async function", nullptr},
        {"def f(a):\n    break\n", "'break' outside loop", "break"},
        {"def f(a):\n    continue\n", "'continue' outside loop", "continue"},
        {"def f(a):\n    f(x=1, a)\n", "positional argument follows keyword argument", "a"},
        {"def f(a):\n    f(x=1, x=2)\n", "keyword argument repeated: x", "x"},
    };
    for (const Case &c : cases) {
        INFO(c.source);
        Diagnostic d = errorOf(c.source);
        if (c.message)
            CHECK(d.message == c.message);
        if (c.spelled)
            CHECK(d.spelled == c.spelled);
    }
}

TEST_CASE("parser errors: module-level statements", "[parser]") {
    struct Case {
        const char *source;
        const char *message;
        const char *spelled;
    };
    const Case cases[] = {
        {"for i in a:\n    pass\n", "unsupported at module level: for loop", nullptr},
        {"while a:\n    pass\n", "unsupported at module level: while loop", nullptr},
        {"if a:\n    pass\n", "unsupported at module level: if statement", nullptr},
        {"N += 1\n", "unsupported at module level: augmented assignment", "N += 1"},
        {"a = b = 1\n", "unsupported at module level: chained assignment", "a = b = 1"},
        {"a, b = 1, 2\n", "unsupported at module level: assignment to anything but a name", "a, b"},
        {"class C:\n    pass\n", "unsupported Python construct: class definition", nullptr},
        {"try:\n    import numpy\nexcept ImportError:\n    pass\n",
         "unsupported Python construct: try statement", nullptr},
        {"from math import *\n", "unsupported Python construct: wildcard import", "*"},
        {"from . import x\n", "unsupported Python construct: relative import", "."},
        {"X = [i for i in range(3)]\n", "unsupported Python construct: list comprehension",
         "[i for i in range(3)]"},
    };
    for (const Case &c : cases) {
        INFO(c.source);
        Diagnostic d = errorOf(c.source);
        CHECK(d.message == c.message);
        if (c.spelled)
            CHECK(d.spelled == c.spelled);
        CHECK(d.line == 1);
        CHECK(d.column == 1 + static_cast<int>(std::string(c.source).find(d.spelled)));
    }
}

TEST_CASE("parser errors: literals", "[parser]") {
    Diagnostic big = errorInBody("    return 9223372036854775808\n");
    CHECK(big.message == "integer literal too large");
    CHECK(big.spelled == "9223372036854775808");
    CHECK(big.line == 2);
    CHECK(big.column == 12);
    CHECK(errorInBody("    return -9223372036854775809\n").message == "integer literal too large");
    CHECK(errorInBody("    return 0x1_0000_0000_0000_0000\n").message ==
          "integer literal too large");
    CHECK(errorInBody("    return 99999999999999999999999\n").message ==
          "integer literal too large");
    CHECK(errorInBody("    return 017\n").message.rfind("leading zeros", 0) == 0);
    CHECK(errorInBody("    return 10L\n").message == "invalid integer literal '10L'");
    CHECK(errorInBody("    return a <> b\n").message == "invalid syntax");
    CHECK(errorInBody("    return '\\N{EM DASH}'\n").message ==
          "unsupported Python construct: \\N{...} escape");
    CHECK(errorInBody("    return '\\x4'\n").message ==
          "truncated escape sequence in string literal");
}
