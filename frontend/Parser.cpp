// The frontend's entry point: runs tree-sitter-python over a file, reports the first
// syntax error, and converts the module-level statements (imports, constants, functions).
#include "frontend/Parser.h"

#include "frontend/SyntaxConverter.h"
#include "frontend/TokenErrors.h"

#include <algorithm>
#include <fmt/format.h>
#include <memory>
#include <string_view>

extern "C" const TSLanguage *tree_sitter_python(void);

namespace npc {
namespace parser {
namespace {

/// The name a dotted_name spells, normalised ("numpy . linalg" -> "numpy.linalg").
std::string dottedName(const SyntaxConverter &converter, TSNode node) {
    std::string out;
    for (TSNode part : namedChildrenOf(node)) {
        if (!out.empty())
            out += '.';
        out += converter.textOf(part);
    }
    return out;
}

/// True for `if __name__ == "__main__":` (either operand order), which scripts use to
/// run demos; npc skips such blocks.
bool isMainGuard(const SyntaxConverter &converter, TSNode node) {
    TSNode condition = fieldOf(node, "condition");
    if (nodeType(condition) != "comparison_operator")
        return false;
    std::vector<TSNode> operands = namedChildrenOf(condition);
    std::vector<TSNode> ops = fieldChildrenOf(condition, "operators");
    if (operands.size() != 2 || ops.size() != 1 || nodeType(ops[0]) != "==")
        return false;
    auto isName = [&](TSNode n) {
        return nodeType(n) == "identifier" && converter.textOf(n) == "__name__";
    };
    auto isMain = [&](TSNode n) {
        std::string_view text = converter.textOf(n);
        return nodeType(n) == "string" && (text == "\"__main__\"" || text == "'__main__'");
    };
    return (isName(operands[0]) && isMain(operands[1])) ||
           (isMain(operands[0]) && isName(operands[1]));
}

/// Statements that npc accepts inside functions but not at module level, by readable name.
const char *functionOnlyStatementName(std::string_view type) {
    if (type == "if_statement")
        return "if statement";
    if (type == "for_statement")
        return "for loop";
    if (type == "while_statement")
        return "while loop";
    if (type == "return_statement")
        return "return statement";
    if (type == "break_statement")
        return "break statement";
    if (type == "continue_statement")
        return "continue statement";
    return nullptr;
}

[[noreturn]] void unsupportedAtModuleLevel(TSNode node, std::string_view what) {
    throw UserError(locOf(node), fmt::format("unsupported at module level: {}", what));
}

} // namespace

syntax::Module SyntaxConverter::convertModule(TSNode root) {
    syntax::Module module;
    std::vector<TSNode> statements = namedChildrenOf(root);
    checkIndentation(statements, true);
    for (TSNode statement : statements)
        convertModuleStatement(statement, module);
    return module;
}

void SyntaxConverter::convertModuleStatement(TSNode node, syntax::Module &module) {
    std::string_view type = nodeType(node);
    if (type == "import_statement")
        return convertImport(node, module);
    if (type == "import_from_statement")
        return convertImportFrom(node, module);
    if (type == "future_import_statement" || type == "pass_statement")
        return; // `from __future__ import ...` changes nothing npc reads
    if (type == "function_definition") {
        module.functions.push_back(convertFunction(node));
        return;
    }
    if (type == "expression_statement")
        return convertModuleExpressionStatement(node, module);
    if (type == "if_statement" && isMainGuard(*this, node))
        return;
    if (type == "decorated_definition")
        unsupported(namedChildrenOf(node).front()); // the first decorator
    if (const char *name = functionOnlyStatementName(type))
        unsupportedAtModuleLevel(node, name);
    unsupported(node);
}

void SyntaxConverter::convertImport(TSNode node, syntax::Module &module) {
    for (TSNode name : fieldChildrenOf(node, "name")) {
        if (nodeType(name) == "aliased_import") {
            std::string alias(textOf(fieldOf(name, "alias")));
            module.imports.push_back(
                {dottedName(*this, fieldOf(name, "name")), "", alias, locOf(name)});
            continue;
        }
        // `import numpy.linalg` binds `numpy` (the top-level package) in the module.
        std::string top = dottedName(*this, name);
        top = top.substr(0, top.find('.'));
        module.imports.push_back({top, "", top, locOf(name)});
    }
}

void SyntaxConverter::convertImportFrom(TSNode node, syntax::Module &module) {
    TSNode moduleName = fieldOf(node, "module_name");
    if (nodeType(moduleName) != "dotted_name")
        unsupported(moduleName);
    for (TSNode child : namedChildrenOf(node))
        if (nodeType(child) == "wildcard_import")
            unsupported(child);
    std::string from = dottedName(*this, moduleName);
    for (TSNode name : fieldChildrenOf(node, "name")) {
        TSNode imported = name;
        std::string alias;
        if (nodeType(name) == "aliased_import") {
            imported = fieldOf(name, "name");
            alias = textOf(fieldOf(name, "alias"));
        }
        std::string importedName = dottedName(*this, imported);
        if (importedName.find('.') != std::string::npos)
            throw UserError(locOf(imported), "invalid syntax");
        if (alias.empty())
            alias = importedName;
        module.imports.push_back({from, importedName, alias, locOf(name)});
    }
}

void SyntaxConverter::convertModuleExpressionStatement(TSNode node, syntax::Module &module) {
    std::vector<TSNode> children = namedChildrenOf(node);
    if (children.size() != 1)
        return; // a bare tuple expression: evaluated for nothing
    TSNode expr = children[0];
    std::string_view type = nodeType(expr);
    if (type == "augmented_assignment")
        unsupportedAtModuleLevel(expr, "augmented assignment");
    if (type != "assignment")
        return; // docstrings and other expressions evaluated for their effect
    TSNode left = fieldOf(expr, "left");
    TSNode right = fieldOf(expr, "right");
    if (ts_node_is_null(right))
        return; // `N: int` declares nothing; in `N: int = 3` the annotation is dropped
    if (nodeType(right) == "assignment")
        unsupportedAtModuleLevel(expr, "chained assignment");
    if (nodeType(left) != "identifier")
        unsupportedAtModuleLevel(left, "assignment to anything but a name");
    module.constants.push_back({std::string(textOf(left)), convertExpr(right), locOf(expr)});
}

syntax::FunctionDef SyntaxConverter::convertFunction(TSNode node) {
    for (const FieldChild &child : childrenOf(node))
        if (nodeType(child.node) == "async")
            unsupported(node, "async function");
    // A return annotation (`-> np.ndarray`) is dropped: the export signature and the
    // returned values give the types.
    if (TSNode params = fieldOf(node, "type_parameters"); !ts_node_is_null(params))
        unsupported(params, "type parameters");
    syntax::FunctionDef function;
    TSNode name = fieldOf(node, "name");
    function.name = textOf(name);
    function.loc = locOf(node);
    function.nameLoc = locOf(name);
    convertParameters(fieldOf(node, "parameters"), function);
    loopDepth_ = 0;
    function.body = convertBlock(fieldOf(node, "body"));
    return function;
}

void SyntaxConverter::convertParameters(TSNode params, syntax::FunctionDef &function) {
    for (TSNode param : namedChildrenOf(params)) {
        std::string_view type = nodeType(param);
        // `x: T`, `x=v`, `x: T = v`: annotations are dropped (the export signature gives
        // the types), default values kept.
        TSNode name = param, value = {};
        if (type == "default_parameter" || type == "typed_default_parameter") {
            name = fieldOf(param, "name");
            value = fieldOf(param, "value");
        } else if (type == "typed_parameter") {
            name = namedChildrenOf(param).at(0);
        }
        if (nodeType(name) != "identifier")
            unsupported(name);
        std::string id(textOf(name));
        if (std::find(function.params.begin(), function.params.end(), id) !=
            function.params.end())
            throw UserError(locOf(name),
                            fmt::format("duplicate argument '{}' in function definition", id));
        syntax::ExprPtr defaultValue;
        if (!ts_node_is_null(value)) {
            defaultValue = convertExpr(value);
            checkConstantDefault(*defaultValue);
        } else if (!function.defaults.empty() && function.defaults.back()) {
            throw UserError(locOf(name), "parameter without a default follows parameter with a "
                                         "default");
        }
        function.params.push_back(id);
        function.paramLocs.push_back(locOf(name));
        function.defaults.push_back(std::move(defaultValue));
    }
}

void SyntaxConverter::checkConstantDefault(const syntax::Expr &e) {
    // Names and attributes (`K`, `np.pi`) are module-level names here; their values are
    // checked where the default is used (FunctionLowering::defaultValue).
    if (auto *u = e.as<syntax::Unary>(); u && (u->op == syntax::UnaryOp::Neg ||
                                               u->op == syntax::UnaryOp::Pos)) {
        checkConstantDefault(*u->operand);
        return;
    }
    if (auto *bin = e.as<syntax::Binary>(); bin && bin->op != syntax::BinaryOp::MatMul) {
        checkConstantDefault(*bin->lhs);
        checkConstantDefault(*bin->rhs);
        return;
    }
    if (auto *t = e.as<syntax::Tuple>()) {
        for (const syntax::ExprPtr &element : t->elements)
            checkConstantDefault(*element);
        return;
    }
    if (auto *attr = e.as<syntax::Attribute>(); attr && (attr->value->as<syntax::Name>() ||
                                                        attr->value->as<syntax::Attribute>())) {
        checkConstantDefault(*attr->value);
        return;
    }
    if (e.as<syntax::IntLiteral>() || e.as<syntax::FloatLiteral>() || e.as<syntax::ImagLiteral>() ||
        e.as<syntax::BoolLiteral>() || e.as<syntax::NoneLiteral>() ||
        e.as<syntax::StringLiteral>() || e.as<syntax::Name>())
        return;
    throw UserError(e.loc, std::string(syntax::kConstantDefaults));
}

} // namespace parser

namespace {

struct ParserDeleter {
    void operator()(TSParser *parser) const { ts_parser_delete(parser); }
};
struct TreeDeleter {
    void operator()(TSTree *tree) const { ts_tree_delete(tree); }
};

/// A statement tree-sitter parsed whole (or a comment): where an ERROR node starts with
/// such, the mistake lies after them.
bool completeStatement(TSNode node) {
    std::string_view type = ts_node_type(node);
    return ts_node_is_named(node) && !ts_node_has_error(node) &&
           (type.ends_with("_statement") || type.ends_with("_definition") || type == "comment");
}

/// Where a module or block has an error but no child shows it (a MISSING newline is
/// hidden from the child list: `import nump+y as np` parses as two statements on one
/// line), the first statement that starts on the line where the one before it ends,
/// unseparated by `;`; else the node itself.
TSNode statementOnSameLine(TSNode node) {
    std::string_view type = ts_node_type(node);
    if (type != "module" && type != "block")
        return node;
    uint32_t count = ts_node_child_count(node);
    for (uint32_t i = 1; i < count; ++i) {
        TSNode before = ts_node_child(node, i - 1), child = ts_node_child(node, i);
        if (std::string_view(ts_node_type(before)) != ";" &&
            std::string_view(ts_node_type(child)) != ";" &&
            ts_node_end_point(before).row == ts_node_start_point(child).row)
            return child;
    }
    return node;
}

/// The first ERROR or MISSING node in document order; among nodes that start at the same
/// byte, the deepest. Within an ERROR node that starts with whole statements (an
/// unparsable `def` line makes the module's top an ERROR from its first import on), the
/// first of its children after them.
TSNode firstErrorNode(TSNode node) {
    while (!ts_node_is_missing(node)) {
        TSNode next = {};
        uint32_t count = ts_node_child_count(node);
        if (std::string_view(ts_node_type(node)) == "ERROR") {
            uint32_t whole = 0;
            while (whole < count && completeStatement(ts_node_child(node, whole)))
                ++whole;
            if (whole > 0 && whole < count) {
                node = ts_node_child(node, whole);
                if (!ts_node_has_error(node))
                    return node;
                continue;
            }
        }
        for (uint32_t i = 0; i < count; ++i) {
            TSNode child = ts_node_child(node, i);
            if (ts_node_is_missing(child) || ts_node_has_error(child)) {
                next = child;
                break;
            }
        }
        if (ts_node_is_null(next))
            return statementOnSameLine(node);
        bool isError = std::string_view(ts_node_type(node)) == "ERROR";
        if (isError && ts_node_start_byte(next) > ts_node_start_byte(node))
            return node;
        node = next;
    }
    return node;
}

/// CPython's parser error for a file where tree-sitter found one: the scan's error of one
/// logical line where it lies no later than the line on which tree-sitter's error node ends
/// (tree-sitter puts `x = a +` at the statement after it), else tree-sitter's error node.
TokenError parserError(const SourceFile &file, const TokenScan &scan, TSNode root) {
    TSNode bad = firstErrorNode(root);
    size_t lineEnd = file.text.find('\n', std::max(ts_node_end_byte(bad), 1u) - 1);
    if (scan.lineError && scan.lineError->loc.begin <= std::min(lineEnd, file.text.size()))
        return *scan.lineError;
    if (ts_node_is_missing(bad))
        return {parser::locOf(bad), fmt::format("invalid syntax: missing '{}'", ts_node_type(bad))};
    return invalidSyntax(file.text, parser::locOf(bad));
}

/// Throws the UserError CPython 3.11 raises for a file where tree-sitter found an error:
/// a tokenizer error anywhere (TokenScan), else a bracket never closed unless the parser's
/// error lies before it or after it on its line (`a[ != 3`), else the parser's error.
[[noreturn]] void throwSyntaxError(const SourceFile &file, TSNode root) {
    TokenScan scan = scanTokens(file.text);
    if (scan.tokenizerError)
        throw UserError(scan.tokenizerError->loc, scan.tokenizerError->message);
    TokenError e = parserError(file, scan, root);
    if (scan.unclosed) {
        int bracketLine = file.lineColumn(scan.unclosed->loc.begin).first;
        int errorLine = file.lineColumn(e.loc.begin).first;
        bool before = errorLine < bracketLine;
        bool onLineAfter = errorLine == bracketLine && e.loc.begin > scan.unclosed->loc.begin;
        if (!before && !onLineAfter)
            e = *scan.unclosed;
    }
    throw UserError(e.loc, e.message);
}

} // namespace

syntax::Module parseModule(const SourceFile &file) {
    std::unique_ptr<TSParser, ParserDeleter> tsParser(ts_parser_new());
    if (!ts_parser_set_language(tsParser.get(), tree_sitter_python()))
        throw InternalError(fmt::format(
            "tree-sitter-python grammar ABI {} is not supported by the tree-sitter runtime "
            "(ABI {}-{}); use tree-sitter-python 0.23.6",
            ts_language_version(tree_sitter_python()), TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION,
            TREE_SITTER_LANGUAGE_VERSION));
    NPC_ASSERT(file.text.size() < UINT32_MAX, "source file too large for 32-bit offsets");
    std::unique_ptr<TSTree, TreeDeleter> tree(ts_parser_parse_string(
        tsParser.get(), nullptr, file.text.data(), static_cast<uint32_t>(file.text.size())));
    NPC_ASSERT(tree != nullptr, "tree-sitter returned no tree");
    TSNode root = ts_tree_root_node(tree.get());
    if (ts_node_has_error(root))
        throwSyntaxError(file, root);
    if (auto dangling = scanTokens(file.text).continuationAtEnd)
        throw UserError(*dangling, "unexpected EOF while parsing");
    syntax::Module module = parser::SyntaxConverter(file).convertModule(root);
    // Every string node over several lines, in source order (a cursor walk, no recursion).
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    bool more = true;
    while (more) {
        TSNode n = ts_tree_cursor_current_node(&cursor);
        bool isString = std::string_view(ts_node_type(n)) == "string";
        if (isString && ts_node_start_point(n).row != ts_node_end_point(n).row)
            module.multilineStrings.emplace_back(ts_node_start_byte(n), ts_node_end_byte(n));
        if (!isString && ts_tree_cursor_goto_first_child(&cursor))
            continue;
        while (!ts_tree_cursor_goto_next_sibling(&cursor))
            if (!ts_tree_cursor_goto_parent(&cursor)) {
                more = false;
                break;
            }
    }
    ts_tree_cursor_delete(&cursor);
    return module;
}

} // namespace npc
