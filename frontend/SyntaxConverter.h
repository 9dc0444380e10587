// Private to the frontend's parser: converts tree-sitter-python's concrete tree into
// npc's syntax tree. The only header that names tree-sitter types; included only by
// Parser.cpp, ConvertStatements.cpp and ConvertExpressions.cpp, never installed or
// included by other layers.
#pragma once

#include "frontend/Syntax.h"
#include "ir/SourceLoc.h"

#include <cstring>
#include <string>
#include <string_view>
#include <tree_sitter/api.h>
#include <vector>

namespace npc::parser {

/// A child of a concrete node together with its field name ("" when it has none).
struct FieldChild {
    TSNode node;
    std::string_view field;
};

/// The node's kind as the grammar names it: "call", "identifier", "+", ...
inline std::string_view nodeType(TSNode node) {
    return ts_node_type(node);
}

/// The node's byte range.
inline SourceLoc locOf(TSNode node) {
    return {ts_node_start_byte(node), ts_node_end_byte(node)};
}

/// All children in order, named and anonymous, with their field names; extras
/// (comments, line continuations) are skipped.
std::vector<FieldChild> childrenOf(TSNode node);
/// The named children in order, extras skipped.
std::vector<TSNode> namedChildrenOf(TSNode node);
/// Every child with the given field name, in order. (ts_node_child_by_field_name
/// returns only the first, and `a[:, None]` has two `subscript` children.)
std::vector<TSNode> fieldChildrenOf(TSNode node, std::string_view field);
/// The first child with the given field name, or a null node.
inline TSNode fieldOf(TSNode node, const char *field) {
    return ts_node_child_by_field_name(node, field, static_cast<uint32_t>(strlen(field)));
}

/// A readable name for a grammar node kind in "unsupported Python construct: ..."
/// messages: "class_definition" -> "class definition".
std::string constructName(std::string_view nodeType);

/// Throws "unsupported Python construct: <what>" located at `node`.
[[noreturn]] void unsupported(TSNode node, std::string_view what);
/// Same, naming the construct after the node's kind.
[[noreturn]] void unsupported(TSNode node);

/// Converts one file's concrete tree into syntax nodes. Assumes the tree is free of
/// ERROR and MISSING nodes (parseModule checks that first).
class SyntaxConverter {
public:
    explicit SyntaxConverter(const SourceFile &file) : file_(file) {}

    /// The whole module: imports, constants and function definitions.
    syntax::Module convertModule(TSNode root);

    /// The statements of a `block` node inside a function.
    syntax::Block convertBlock(TSNode block);
    syntax::StmtPtr convertStatement(TSNode node);

    /// Any expression node, parentheses unwrapped.
    syntax::ExprPtr convertExpr(TSNode node);
    /// An assignment or for-loop target: names, subscripts, attributes, and tuples of them.
    syntax::ExprPtr convertTarget(TSNode node);
    /// Rejects indentation that tree-sitter accepts but Python does not: statements of one
    /// block that start their lines at different indentation, and indented module-level
    /// statements.
    void checkIndentation(const std::vector<TSNode> &statements, bool moduleLevel) const;

    std::string_view textOf(TSNode node) const;

private:
    // Module level (Parser.cpp).
    void convertModuleStatement(TSNode node, syntax::Module &module);
    void convertImport(TSNode node, syntax::Module &module);
    void convertImportFrom(TSNode node, syntax::Module &module);
    void convertModuleExpressionStatement(TSNode node, syntax::Module &module);
    syntax::FunctionDef convertFunction(TSNode node);
    void convertParameters(TSNode params, syntax::FunctionDef &function);
    /// UserError unless `e` is a constant npc accepts as a default parameter value.
    static void checkConstantDefault(const syntax::Expr &e);

    // Statements (ConvertStatements.cpp).
    syntax::StmtPtr convertExpressionStatement(TSNode node);
    /// For a call `f.at(a, indices[, b])` of two or three positional arguments, the
    /// subscript `a[indices]` it updates if f is a ufunc (ExprStmt::atTarget); else null.
    syntax::ExprPtr convertUfuncAtTarget(TSNode call);
    syntax::StmtPtr convertAssignment(TSNode node);
    syntax::StmtPtr convertAugmentedAssignment(TSNode node);
    syntax::StmtPtr convertIf(TSNode node);
    syntax::Block convertIfTail(const std::vector<TSNode> &alternatives, size_t index);
    syntax::StmtPtr convertFor(TSNode node);
    syntax::StmtPtr convertWhile(TSNode node);
    syntax::StmtPtr convertReturn(TSNode node);
    /// `for target in xs:` (a 1-D array's elements, a 2-D one's rows), `enumerate(xs[,
    /// start])` and `zip(xs, ys, ...)`, as Python runs them: the iterated values bound once
    /// to hidden names (prelude_), then `for k in range(len(...)): target = xs[k]` (the
    /// shortest length for zip; `(k + start, xs[k])` for enumerate).
    void desugarIteration(syntax::For &loop, SourceLoc loc);
    /// `raise E(...)` of a built-in exception with one constant string or none; UserError
    /// for a bare `raise` (npc has no try/except), another class, other arguments.
    syntax::StmtPtr convertRaise(TSNode node);
    /// `assert test[, "message"]` as `if not test: raise AssertionError("message")`.
    syntax::StmtPtr convertAssert(TSNode node);
    /// The value of a constant string argument (`"text"`, `"a" "b"`); UserError otherwise.
    std::string constantMessage(TSNode node);
    /// A raise or assert message into `out`: a constant string (`message`), or an f-string's
    /// text (`pieces`) around its `{expression}`s (`values`; no conversions or formats).
    void raiseMessage(TSNode node, syntax::Raise &out);
    syntax::StmtPtr convertLoopJump(TSNode node);

    // Expressions (ConvertExpressions.cpp, ConvertLiterals.cpp for numbers and strings).
    syntax::ExprPtr convertExprUnchecked(TSNode node);
    /// An `integer` or `float` node, or an imaginary literal spelled as one. With
    /// `negated` (the operand of a unary minus), converts only 9223372036854775808, to
    /// INT64_MIN, and returns null for every other literal.
    syntax::ExprPtr convertNumber(TSNode node, bool negated);
    syntax::ExprPtr convertString(TSNode node);
    std::string stringValue(TSNode node);
    syntax::ExprPtr convertCall(TSNode node);
    syntax::ExprPtr convertSubscript(TSNode node);
    syntax::ExprPtr convertSlice(TSNode node);
    syntax::ExprPtr convertBinary(TSNode node);
    syntax::ExprPtr convertUnary(TSNode node);
    syntax::ExprPtr convertBoolean(TSNode node);
    syntax::ExprPtr convertComparison(TSNode node);
    syntax::ExprPtr convertConditional(TSNode node);
    syntax::ExprPtr convertSequence(TSNode node, bool isList);

    template <class T> syntax::ExprPtr makeExpr(TSNode node, T &&value) {
        return std::make_unique<syntax::Expr>(syntax::Expr{locOf(node), std::forward<T>(value)});
    }
    template <class T> syntax::StmtPtr makeStmt(TSNode node, T &&value) {
        return std::make_unique<syntax::Stmt>(syntax::Stmt{locOf(node), std::forward<T>(value)});
    }

    const SourceFile &file_;
    int loopDepth_ = 0;
    /// Statements convertBlock puts before the statement just converted (the iterated
    /// arrays of a desugared `for`, desugarIteration).
    syntax::Block prelude_;
    int exprDepth_ = 0;
};

} // namespace npc::parser
