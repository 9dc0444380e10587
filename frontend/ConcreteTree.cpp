// Small helpers over tree-sitter's concrete nodes (children with their field names) and
// the readable names of the Python constructs npc rejects.
#include "frontend/SyntaxConverter.h"

#include <fmt/format.h>
#include <unordered_map>

namespace npc::parser {

std::vector<FieldChild> childrenOf(TSNode node) {
    std::vector<FieldChild> out;
    TSTreeCursor cursor = ts_tree_cursor_new(node);
    if (ts_tree_cursor_goto_first_child(&cursor)) {
        do {
            TSNode child = ts_tree_cursor_current_node(&cursor);
            if (ts_node_is_extra(child))
                continue;
            const char *field = ts_tree_cursor_current_field_name(&cursor);
            out.push_back({child, field ? std::string_view(field) : std::string_view()});
        } while (ts_tree_cursor_goto_next_sibling(&cursor));
    }
    ts_tree_cursor_delete(&cursor);
    return out;
}

std::vector<TSNode> namedChildrenOf(TSNode node) {
    std::vector<TSNode> out;
    for (const FieldChild &child : childrenOf(node))
        if (ts_node_is_named(child.node))
            out.push_back(child.node);
    return out;
}

std::vector<TSNode> fieldChildrenOf(TSNode node, std::string_view field) {
    std::vector<TSNode> out;
    for (const FieldChild &child : childrenOf(node))
        if (child.field == field)
            out.push_back(child.node);
    return out;
}

std::string constructName(std::string_view nodeType) {
    static const std::unordered_map<std::string_view, std::string_view> names = {
        {"class_definition", "class definition"},
        {"decorated_definition", "decorator"},
        {"decorator", "decorator"},
        {"function_definition", "nested function definition"},
        {"with_statement", "with statement"},
        {"try_statement", "try statement"},
        {"global_statement", "global statement"},
        {"nonlocal_statement", "nonlocal statement"},
        {"delete_statement", "del statement"},
        {"match_statement", "match statement"},
        {"print_statement", "Python 2 print statement"},
        {"exec_statement", "Python 2 exec statement"},
        {"type_alias_statement", "type alias statement"},
        {"import_statement", "import inside a function"},
        {"import_from_statement", "import inside a function"},
        {"future_import_statement", "import inside a function"},
        {"wildcard_import", "wildcard import"},
        {"relative_import", "relative import"},
        {"lambda", "lambda"},
        {"yield", "yield"},
        {"await", "await"},
        {"list_comprehension", "list comprehension"},
        {"dictionary_comprehension", "dict comprehension"},
        {"set_comprehension", "set comprehension"},
        {"generator_expression", "generator expression"},
        {"dictionary", "dict literal"},
        {"set", "set literal"},
        {"list_splat", "star expression"},
        {"list_splat_pattern", "star expression"},
        {"dictionary_splat", "'**' unpacking"},
        {"dictionary_splat_pattern", "'**' unpacking"},
        {"named_expression", "assignment expression ':='"},
        {"as_pattern", "as pattern"},
        {"default_parameter", "default parameter value"},
        {"typed_parameter", "type annotation"},
        {"typed_default_parameter", "type annotation"},
        {"type", "type annotation"},
        {"keyword_separator", "keyword-only parameters"},
        {"positional_separator", "positional-only parameters"},
        {"type_parameter", "type parameters"},
    };
    auto it = names.find(nodeType);
    if (it != names.end())
        return std::string(it->second);
    std::string out(nodeType);
    for (char &c : out)
        if (c == '_')
            c = ' ';
    return out;
}

void unsupported(TSNode node, std::string_view what) {
    throw UserError(locOf(node), fmt::format("unsupported Python construct: {}", what));
}

void unsupported(TSNode node) {
    unsupported(node, constructName(nodeType(node)));
}

std::string_view SyntaxConverter::textOf(TSNode node) const {
    SourceLoc loc = locOf(node);
    return std::string_view(file_.text).substr(loc.begin, loc.end - loc.begin);
}

} // namespace npc::parser
