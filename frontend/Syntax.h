// npc's own syntax tree for the Python subset it reads. The parser converts
// tree-sitter's concrete tree into these nodes at once; nothing else sees tree-sitter.
// Every node keeps the SourceLoc (byte range) it came from for diagnostics.
#pragma once

#include "ir/SourceLoc.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace npc::syntax {

struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

enum class BinaryOp { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul, BitAnd, BitOr, BitXor, LShift, RShift };
enum class UnaryOp { Neg, Pos, Invert, Not };
enum class CompareOp { Lt, Le, Gt, Ge, Eq, Ne, Is, IsNot, In, NotIn };
enum class BoolOp { And, Or };

/// `x`
struct Name { std::string id; };
/// `3`, `0x10` (Python ints beyond int64 are rejected by the parser).
struct IntLiteral { int64_t value; };
/// `0.5`, `1e-3`, `float('inf')` is a Call, not a literal.
struct FloatLiteral { double value; };
/// `1j`, `2.5j`: the imaginary part.
struct ImagLiteral { double value; };
/// `True`, `False`
struct BoolLiteral { bool value; };
/// `None`
struct NoneLiteral {};
/// `...`
struct EllipsisLiteral {};
/// `'abc'` (used for keyword values such as ord='fro'); escapes are resolved.
struct StringLiteral { std::string value; };
/// `value.attr`
struct Attribute { ExprPtr value; std::string attr; SourceLoc attrLoc; };
/// `name=value` inside a call's argument list.
struct Keyword { std::string name; ExprPtr value; SourceLoc loc; };
/// `func(args..., keywords...)`; positional args always precede keywords.
struct Call { ExprPtr func; std::vector<ExprPtr> args; std::vector<Keyword> keywords; };
/// `lower:upper:step` inside a subscript; absent parts are null.
struct Slice { ExprPtr lower, upper, step; };
/// `value[i0, i1, ...]`: one entry per comma-separated index (Slice, Name, None,
/// Ellipsis, ...). `a[(1, 2)]` keeps the tuple as one index.
struct Subscript { ExprPtr value; std::vector<ExprPtr> indices; };
/// `(a, b)` or a bare `a, b`.
struct Tuple { std::vector<ExprPtr> elements; };
/// `[a, b]`
struct List { std::vector<ExprPtr> elements; };
struct Binary { BinaryOp op; ExprPtr lhs, rhs; };
struct Unary { UnaryOp op; ExprPtr operand; };
/// `a < b <= c`: operands.size() == ops.size() + 1.
struct Compare { std::vector<CompareOp> ops; std::vector<ExprPtr> operands; };
/// `a and b and c`: flattened operands of one operator.
struct BoolOperation { BoolOp op; std::vector<ExprPtr> operands; };
/// `body if test else orelse`
struct IfExp { ExprPtr test, body, orelse; };

struct Expr {
    SourceLoc loc;
    std::variant<Name, IntLiteral, FloatLiteral, ImagLiteral, BoolLiteral, NoneLiteral,
                 EllipsisLiteral, StringLiteral, Attribute, Call, Slice, Subscript, Tuple, List,
                 Binary, Unary, Compare, BoolOperation, IfExp>
        node;

    template <class T> const T *as() const { return std::get_if<T>(&node); }
};

/// `targets = value` (chained `a = b = v` has several targets).
struct Assign { std::vector<ExprPtr> targets; ExprPtr value; };
/// `target op= value`
struct AugAssign { ExprPtr target; BinaryOp op; ExprPtr value; };
/// `return` or `return value` (a tuple for several values).
struct Return { ExprPtr value; };
/// An expression evaluated for its effect (a call) or a docstring. For a call
/// `f.at(a, indices[, b])` (NumPy's ufunc.at), `atTarget` is the subscript `a[indices]`
/// (converted a second time from the same source; a tuple literal of indices gives one
/// index per element), the elements such a call updates; else null.
struct ExprStmt {
    ExprPtr value;
    ExprPtr atTarget = nullptr;
};
/// `if test: body elif ...: else: orelse`; elif chains nest in orelse.
struct If { ExprPtr test; Block body; Block orelse; };
/// `for target in iter: body` (an `else:` clause is rejected by the parser).
struct For { ExprPtr target; ExprPtr iter; Block body; };
/// `while test: body`
struct While { ExprPtr test; Block body; };
struct Break {};
struct Continue {};
struct Pass {};
/// `raise E("message")` (also `raise E`, `raise E()`, `... from cause`), and `assert test,
/// "message"` as `if not test: raise AssertionError("message")`: `exception` is the Python
/// class's name, `message` its constant argument ("" for none). An f-string message
/// (`f"got {n} rows"`) has its text in `pieces` around its `values`.
struct Raise {
    std::string exception;
    std::string message;
    std::vector<std::string> pieces;
    std::vector<ExprPtr> values;
};

/// Prefixes of the names SyntaxConverter::desugarIteration binds for a `for` loop over an
/// array (followed by the loop's source offset): the iterated arrays (`__npc_iter12_0`),
/// the position (`__npc_k12`) and enumerate's start (`__npc_start12`). No Python program
/// can be expected to use them.
inline constexpr std::string_view kHiddenIterated = "__npc_iter";
inline constexpr std::string_view kHiddenPosition = "__npc_k";
inline constexpr std::string_view kHiddenStart = "__npc_start";

struct Stmt {
    SourceLoc loc;
    std::variant<Assign, AugAssign, Return, ExprStmt, If, For, While, Break, Continue, Pass, Raise>
        node;

    template <class T> const T *as() const { return std::get_if<T>(&node); }
};

/// `def name(params): body` at module level. Type annotations are dropped (the export
/// signature gives the types); *args, **kwargs and keyword-only parameters are rejected.
struct FunctionDef {
    std::string name;
    SourceLoc loc;     ///< the whole definition
    SourceLoc nameLoc; ///< the function's name
    std::vector<std::string> params;
    std::vector<SourceLoc> paramLocs;
    /// One per parameter: its default value, or null when it has none. Python evaluates it
    /// in the module's scope; npc accepts what kConstantDefaults says.
    std::vector<ExprPtr> defaults;
    Block body;
};

/// The message for a default parameter value npc does not accept.
inline constexpr std::string_view kConstantDefaults =
    "npc supports only constant default values: numbers, True, False, None, strings, "
    "module-level constants (K, np.pi, math.inf), arithmetic on them, and tuples of them";

/// `import numpy as np` -> {module "numpy", alias "np"};
/// `from math import sqrt as s` -> {module "math", name "sqrt", alias "s"}.
/// `alias` is always the name bound in the module: `import numpy` -> alias "numpy",
/// `from math import pi` -> alias "pi", and `import numpy.linalg` binds the top-level
/// package: {module "numpy", alias "numpy"}. `loc` is the one imported name's range
/// (`pi as PI`), not the whole statement.
struct Import {
    std::string module;
    std::string name; ///< empty for `import module`
    std::string alias;
    SourceLoc loc;
};

/// `NAME = expr` at module level.
struct Constant {
    std::string name;
    ExprPtr value;
    SourceLoc loc;
};

/// A whole Python file in the supported subset.
struct Module {
    std::vector<Import> imports;
    std::vector<Constant> constants;
    std::vector<FunctionDef> functions;
    /// Byte ranges [begin, end) of the string literals that span several lines (docstrings):
    /// a line starting inside one is text, not a comment (parseSignatures skips it).
    std::vector<std::pair<uint32_t, uint32_t>> multilineStrings;
};

} // namespace npc::syntax
