// Unit tests of frontend/Signature.cpp: `# npc export` and `#pythran export` comments,
// every argument-type form, overloads, locations and errors.
#include "frontend/Parser.h"
#include "frontend/Signature.h"
#include "frontend/SignatureTypes.h"

#include <catch2/catch.hpp>

using namespace npc;

namespace {

/// The signatures of `text`, each spelled back as "f(T, T)".
std::vector<std::string> spell(const std::string &text) {
    std::vector<std::string> out;
    for (const Signature &signature : parseSignatures({"t.py", text})) {
        std::string s = signature.function + "(";
        for (size_t i = 0; i < signature.args.size(); ++i)
            s += (i ? ", " : "") + signature.args[i].str();
        out.push_back(s + ")");
    }
    return out;
}

/// The one argument type of `# npc export f(<type>)`.
ArgType typeOf(const std::string &type) {
    std::vector<Signature> signatures = parseSignatures({"t.py", "# npc export f(" + type + ")\n"});
    REQUIRE(signatures.size() == 1);
    REQUIRE(signatures[0].args.size() == 1);
    return signatures[0].args[0];
}

struct Diagnostic {
    std::string message;
    std::string spelled;
};

Diagnostic errorOf(const std::string &text) {
    try {
        parseSignatures({"t.py", text});
    } catch (const UserError &error) {
        return {error.what(), text.substr(error.loc().begin, error.loc().end - error.loc().begin)};
    }
    FAIL("no error for: " << text);
    return {};
}

} // namespace

TEST_CASE("signatures: the K-Means sample", "[signature]") {
    SourceFile file{"kmeans.py", "import numpy as np\n\n# npc export kmeans(float64[:,:], "
                                 "float64[:,:])\ndef kmeans(X, means):\n    pass\n"};
    std::vector<Signature> signatures = parseSignatures(file);
    REQUIRE(signatures.size() == 1);
    const Signature &s = signatures[0];
    CHECK(s.function == "kmeans");
    CHECK(file.lineColumn(s.functionLoc.begin) == std::pair{3, 14});
    CHECK(file.text.substr(s.functionLoc.begin, s.functionLoc.end - s.functionLoc.begin) ==
          "kmeans");
    CHECK(file.text.substr(s.loc.begin, s.loc.end - s.loc.begin) ==
          "# npc export kmeans(float64[:,:], float64[:,:])");
    REQUIRE(s.args.size() == 2);
    for (const ArgType &arg : s.args) {
        CHECK(arg.dtype == DType::Float64);
        CHECK(arg.rank == 2);
        CHECK_FALSE(arg.pythonScalar);
        CHECK(arg.extents == std::vector<std::optional<int64_t>>{std::nullopt, std::nullopt});
        CHECK(arg.str() == "float64[:,:]");
    }
    CHECK(file.text.substr(s.args[1].loc.begin, s.args[1].loc.end - s.args[1].loc.begin) ==
          "float64[:,:]");
    CHECK(file.lineColumn(s.args[1].loc.begin) == std::pair{3, 35});
}

TEST_CASE("signatures: scalar types", "[signature]") {
    struct Case {
        const char *name;
        DType dtype;
        bool python;
    };
    const Case cases[] = {
        {"bool", DType::Bool, true},
        {"int", DType::Int64, true},
        {"float", DType::Float64, true},
        {"complex", DType::Complex128, true},
        {"int8", DType::Int8, false},
        {"int16", DType::Int16, false},
        {"int32", DType::Int32, false},
        {"int64", DType::Int64, false},
        {"uint8", DType::UInt8, false},
        {"uint16", DType::UInt16, false},
        {"uint32", DType::UInt32, false},
        {"uint64", DType::UInt64, false},
        {"float32", DType::Float32, false},
        {"float64", DType::Float64, false},
        {"complex64", DType::Complex64, false},
        {"complex128", DType::Complex128, false},
        {"uint", DType::UInt64, false},
        {"intp", DType::Int64, false},
        {"uintc", DType::UInt32, false},
    };
    for (const Case &c : cases) {
        INFO(c.name);
        ArgType type = typeOf(c.name);
        CHECK(type.dtype == c.dtype);
        CHECK(type.rank == 0);
        CHECK(type.extents.empty());
        CHECK(type.pythonScalar == c.python);
    }
    CHECK(typeOf("int").str() == "int");
    CHECK(typeOf("float").str() == "float");
    CHECK(typeOf("complex").str() == "complex");
    CHECK(typeOf("bool").str() == "bool");
    CHECK(typeOf("int64").str() == "int64");
    CHECK(typeOf("uintc").str() == "uint32");
}

TEST_CASE("signatures: array types", "[signature]") {
    CHECK(typeOf("float64[:]").str() == "float64[:]");
    CHECK(typeOf("float32[:,:]").rank == 2);
    CHECK(typeOf("float64[]").str() == "float64[:]");
    CHECK(typeOf("float64[][]").str() == "float64[:,:]");
    CHECK(typeOf("float64[:,::]").str() == "float64[:,:]");
    CHECK(typeOf("float64[::]").str() == "float64[:]");
    CHECK(typeOf("float64[:,:,:,:]").rank == 4);
    CHECK(typeOf("float64[1,:]").str() == "float64[1,:]");
    CHECK(typeOf("float64[:,3]").str() == "float64[:,3]");
    CHECK(typeOf("float64[][][3]").str() == "float64[:,:,3]");
    CHECK(typeOf("float64 []").str() == "float64[:]");
    CHECK(typeOf("float64[ :, : ]").str() == "float64[:,:]");
    CHECK(typeOf("  float64 [ : , 3 ]  ").str() == "float64[:,3]");
    CHECK(typeOf("uint8[:][:]").str() == "uint8[:,:]");
    ArgType fixed = typeOf("float32[2, :]");
    CHECK(fixed.extents == std::vector<std::optional<int64_t>>{2, std::nullopt});
    // Arrays of Python scalar names are NumPy arrays (strong), not Python scalars.
    ArgType ints = typeOf("int[:]");
    CHECK(ints.dtype == DType::Int64);
    CHECK_FALSE(ints.pythonScalar);
    CHECK(ints.str() == "int64[:]");
    CHECK(typeOf("bool[:]").str() == "bool[:]");
    CHECK(typeOf("complex[:]").str() == "complex128[:]");
}

TEST_CASE("signatures: comment spellings, overloads and several per line", "[signature]") {
    CHECK(spell("# npc export f(int)\n") == std::vector<std::string>{"f(int)"});
    CHECK(spell("#npc export f(int)\n") == std::vector<std::string>{"f(int)"});
    CHECK(spell("#   npc   export   f ( int )\n") == std::vector<std::string>{"f(int)"});
    CHECK(spell("    # npc export f(int)\n") == std::vector<std::string>{"f(int)"});
    CHECK(spell("\t# npc export f(int)\r\n") == std::vector<std::string>{"f(int)"});
    CHECK(spell("#pythran export f(int)\n") == std::vector<std::string>{"f(int)"});
    CHECK(spell("# pythran export f(int)") == std::vector<std::string>{"f(int)"});
    CHECK(spell("#pythran export f()\n") == std::vector<std::string>{"f()"});
    CHECK(spell("#pythran export f(int), g(float64[:])\n") ==
          std::vector<std::string>{"f(int)", "g(float64[:])"});
    CHECK(spell("#pythran export f(float32[:]), f(float64[:])\n") ==
          std::vector<std::string>{"f(float32[:])", "f(float64[:])"});
    CHECK(spell("# npc export f(float32[:,:], float)\n# npc export f(float64[:,:], float)\n") ==
          std::vector<std::string>{"f(float32[:,:], float)", "f(float64[:,:], float)"});
    // Lines that only mention npc or pythran, or that are not comments, are ignored.
    CHECK(spell("# npc exports everything\n# see npc export docs? no: npc\n"
                "x = 1  # npc export f(int)\n# npcexport f(int)\n# npc\n# export f(int)\n"
                "s = '# npc export f(int)'\n# pythran exported f(int)\n")
              .empty());
}

TEST_CASE("signatures: export lines inside multi-line strings are text", "[signature]") {
    // A docstring may show an export comment (even a malformed one): not an export.
    SourceFile file{"t.py", R"("""Usage:
    # npc export g(float64[:])
    # npc export h(flaot64)
"""
# npc export f(int)
def f(n):
    '''
    # npc export f(float)
    '''
    return n
)"};
    syntax::Module module = parseModule(file);
    CHECK(module.multilineStrings.size() == 2);
    std::vector<Signature> signatures = parseSignatures(file, module.multilineStrings);
    REQUIRE(signatures.size() == 1);
    CHECK(signatures[0].function == "f");
    CHECK(signatures[0].args[0].str() == "int");
    CHECK_THROWS_AS(parseSignatures(file), UserError); // h(flaot64), read as a comment
}

TEST_CASE("signatures: errors are located at the offending text", "[signature]") {
    struct Case {
        const char *line;
        const char *message;
        const char *spelled;
    };
    const Case cases[] = {
        {"# npc export f(flaot64[:])", "unknown type 'flaot64'; did you mean 'float64'?",
         "flaot64"},
        {"# npc export f(Float32)", "unknown type 'Float32'; did you mean 'float32'?", "Float32"},
        {"# npc export f(int, foo)", "unknown type 'foo'", "foo"},
        {"# npc export f(flot)", "unknown type 'flot'; did you mean 'float'?", "flot"},
        {"# npc export f(in16[:])", "unknown type 'in16'; did you mean 'int16'?", "in16"},
        {"# npc export f(xyzzy123)", "unknown type 'xyzzy123'", "xyzzy123"},
        {"# npc export f(int, (int, float))", "unsupported type '(int, float)'", "(int, float)"},
        {"#pythran export f(int list)", "unsupported type 'int list'", "int list"},
        {"#pythran export f(str)", "unsupported type 'str'", "str"},
        {"#pythran export f(int:float dict)", "unsupported type 'int:float dict'",
         "int:float dict"},
        {"#pythran export f(float64[:,:] order(F))", "unsupported type 'float64[:,:] order(F)'",
         "float64[:,:] order(F)"},
        {"#pythran export f(int or float)", "unsupported type 'int or float'", "int or float"},
        {"#pythran export f(float16[:])", "unsupported type 'float16[:]'", "float16[:]"},
        {"# npc export f(float64[:,:)", "expected ',' or ']' in array type", ""},
        {"# npc export f(float64[:,:]", "expected ')' at the end of the export", ""},
        {"# npc export f(float64[a])", "expected ':' or an integer extent in array type", "a"},
        {"# npc export f(int,)", "expected a type", ""},
        {"# npc export f(, int)", "expected a type", ""},
        {"# npc export f int", "expected '(' after 'f'", "i"},
        {"# npc export", "expected a function name after 'export'", ""},
        {"# npc export (int)", "expected a function name after 'export'", "("},
        {"# npc export f(int) g(int)", "expected ',' or end of line after an export", "g"},
        {"#pythran export capsule f(int)", "unsupported export: Pythran capsules", "capsule"},
    };
    for (const Case &c : cases) {
        INFO(c.line);
        std::string text = std::string("import numpy\n") + c.line + "\ndef f(x):\n    pass\n";
        Diagnostic d = errorOf(text);
        CHECK(d.message == c.message);
        CHECK(d.spelled == c.spelled);
    }
}

TEST_CASE("signatures: edit distance for suggestions", "[signature]") {
    CHECK(editDistance("float64", "float64") == 0);
    CHECK(editDistance("flaot64", "float64") == 1);
    CHECK(editDistance("float6", "float64") == 1);
    CHECK(editDistance("floot32", "float32") == 1);
    CHECK(editDistance("", "int") == 3);
    CHECK(editDistance("int", "uint8") == 2);
    CHECK(editDistance("foo", "bool") == 2);
}
