// numpy.einsum with explicit ('ij,jk->ik') and implicit ('ij,jk') output subscripts
// (numpy/_core/src/multiarray/einsum.c.src): every operand's axes labelled by letters,
// repeated letters in one operand taken along the diagonal, the operands broadcast
// against each other over the union of the letters, multiplied, and the letters not in
// the output summed, in the operands' common dtype (int8 stays int8, bool is or of ands).
#include "frontend/LowerContext.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;
using array::ReduceOp;
using array::ViewEntry;

/// The subscripts of one einsum call: one string of letters per operand, and the output's.
struct Subscripts {
    std::vector<std::string> inputs;
    std::string output;
};

/// Parses `text` for `operands` operands with NumPy's ValueErrors (UserErrors at `loc`).
/// Spaces are ignored; '...' is a UserError (not supported by npc yet).
Subscripts parseSubscripts(const std::string &text, size_t operands, SourceLoc loc) {
    std::string s;
    for (char c : text)
        if (c != ' ')
            s += c;
    if (s.find('.') != std::string::npos)
        throw UserError(loc, "np.einsum(): '...' (broadcast axes) is not supported by npc yet; "
                             "name every axis with a letter");
    Subscripts out;
    size_t arrow = s.find("->");
    std::string lhs = arrow == std::string::npos ? s : s.substr(0, arrow);
    size_t start = 0;
    while (true) {
        size_t comma = lhs.find(',', start);
        out.inputs.push_back(lhs.substr(start, comma - start));
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    if (out.inputs.size() > operands)
        throw UserError(loc, "fewer operands provided to einstein sum function than specified "
                             "in the subscripts string");
    if (out.inputs.size() < operands)
        throw UserError(loc, "more operands provided to einstein sum function than specified "
                             "in the subscripts string");
    auto checkLetters = [&](const std::string &term) {
        for (char c : term)
            if (!std::isalpha(static_cast<unsigned char>(c)))
                throw UserError(loc, fmt::format("invalid subscript '{}' in einstein sum "
                                                 "subscripts string, subscripts must be letters",
                                                 c));
    };
    for (const std::string &term : out.inputs)
        checkLetters(term);
    if (arrow != std::string::npos) {
        out.output = s.substr(arrow + 2);
        checkLetters(out.output);
        for (size_t i = 0; i < out.output.size(); ++i) {
            char c = out.output[i];
            if (out.output.find(c, i + 1) != std::string::npos)
                throw UserError(loc, fmt::format("einstein sum subscripts string includes "
                                                 "output subscript '{}' multiple times",
                                                 c));
            bool found = std::any_of(out.inputs.begin(), out.inputs.end(),
                                     [&](const std::string &t) { return t.find(c) != t.npos; });
            if (!found)
                throw UserError(loc, fmt::format("einstein sum subscripts string included "
                                                 "output subscript '{}' which never appeared in "
                                                 "an input",
                                                 c));
        }
    } else {
        // Implicit output: the letters that appear once, in alphabetical (ASCII) order.
        std::string all;
        for (const std::string &term : out.inputs)
            all += term;
        for (char c : all)
            if (std::count(all.begin(), all.end(), c) == 1)
                out.output += c;
        std::sort(out.output.begin(), out.output.end());
    }
    return out;
}

/// Operand `index` (labelled `term`) with each repeated letter taken along its diagonal:
/// the diagonal's axis is appended and labelled with the letter (np.diagonal's layout).
/// NumPy's ValueError where the two extents differ (checked on entry where only the run
/// time knows them).
NodePtr collapseRepeated(ExprLowering &lowering, NodePtr x, std::string &term, size_t index,
                         bool viewPath, SourceLoc loc) {
    // NumPy's wording: "single operand" on its view path (one operand, nothing summed),
    // else "operand N".
    std::string which = viewPath ? "single operand" : fmt::format("operand {}", index);
    for (size_t p = 0; p < term.size(); ++p) {
        size_t q = term.find(term[p], p + 1);
        if (q == std::string::npos)
            continue;
        char letter = term[p];
        Dim np = x->type.shape[p], nq = x->type.shape[q];
        auto message = [&](std::vector<Dim> *shown) {
            std::string a = array::showExtent(np, shown);
            return fmt::format("dimensions in {} for collapsing index '{}' don't match ({} != {})",
                               which, letter, a, array::showExtent(nq, shown));
        };
        auto cp = dimConstValue(np), cq = dimConstValue(nq);
        if (cp && cq && *cp != *cq)
            throw UserError(loc, message(nullptr));
        CallArgs diagonal{"np.diagonal", loc, {Value::array(x, loc)}, {}, {}};
        for (auto [name, axis] : {std::pair{"axis1", p}, std::pair{"axis2", q}}) {
            diagonal.keywords.emplace_back(
                name, Value::array(array::makeIntConstant(static_cast<int64_t>(axis), DType::Int64,
                                                          true, loc),
                                   loc));
            diagonal.keywordLocs.push_back(loc);
        }
        x = callNumPy(lowering, "numpy.diagonal", diagonal).node;
        if (!dimEqual(np, nq))
            x = array::withChecks(x, {shownCheck(nq, np, false, message)});
        term.erase(q, 1);
        term.erase(p, 1);
        term += letter;
        p = static_cast<size_t>(-1); // start over: positions moved
    }
    return x;
}

/// numpy.einsum(subscripts, *operands, optimize=False): see the file comment. `optimize`
/// is accepted (the order of the additions may differ from NumPy's either way); `out`,
/// `dtype`, `order` and `casting` are not supported.
Value einsum(ExprLowering &lowering, const CallArgs &args) {
    if (args.positional.empty() || args.positional[0].kind != Value::String)
        throw UserError(args.positional.empty() ? args.loc : args.positional[0].loc,
                        "np.einsum(): npc needs the subscripts as a string literal first "
                        "(the interleaved operand, sublist form is not supported)");
    for (size_t i = 0; i < args.keywords.size(); ++i)
        if (args.keywords[i].first != "optimize")
            throw UserError(args.keywordLocs[i],
                            fmt::format("np.einsum(): {}= is not supported by npc yet",
                                        args.keywords[i].first));
    SourceLoc loc = args.loc;
    size_t n = args.positional.size() - 1;
    Subscripts subs = parseSubscripts(args.positional[0].text, n, args.positional[0].loc);
    std::vector<NodePtr> operands;
    for (size_t i = 0; i < n; ++i) {
        const Value &v = args.positional[i + 1];
        NodePtr x = asArray(lowering, v, args, "operands");
        std::string &term = subs.inputs[i];
        if (static_cast<int>(term.size()) > x->type.rank())
            throw UserError(v.loc, fmt::format("einstein sum subscripts string contains too many "
                                               "subscripts for operand {}",
                                               i));
        if (static_cast<int>(term.size()) < x->type.rank())
            throw UserError(v.loc, "operand has more dimensions than subscripts given in einstein "
                                   "sum, but no '...' ellipsis provided to broadcast the extra "
                                   "dimensions.");
        bool viewPath = n == 1 && std::all_of(term.begin(), term.end(), [&](char c) {
                            return subs.output.find(c) != std::string::npos;
                        });
        operands.push_back(collapseRepeated(lowering, x, term, i, viewPath, loc));
    }
    // Every letter: the output's, then the summed ones in order of appearance.
    std::string letters = subs.output;
    for (const std::string &term : subs.inputs)
        for (char c : term)
            if (letters.find(c) == std::string::npos)
                letters += c;
    NodePtr product;
    for (size_t i = 0; i < n; ++i) {
        const std::string &term = subs.inputs[i];
        std::vector<int> order;
        for (char c : letters)
            if (size_t at = term.find(c); at != std::string::npos)
                order.push_back(static_cast<int>(at));
        NodePtr x = array::makeTranspose(operands[i], order, loc);
        std::vector<ViewEntry> entries;
        for (char c : letters)
            entries.push_back(term.find(c) != std::string::npos ? ViewEntry::all()
                                                                : ViewEntry::newAxis());
        x = array::makeView(x, std::move(entries), loc);
        product = product ? lowering.binary(BinaryOp::Multiply, product, x, loc) : x;
    }
    std::vector<int> summed;
    for (size_t k = subs.output.size(); k < letters.size(); ++k)
        summed.push_back(static_cast<int>(k));
    NodePtr out = summed.empty()
                      ? product
                      : array::makeReduce(ReduceOp::Sum, product, std::move(summed), false, loc);
    return Value::array(array::withName(out, "einsum"), loc);
}

} // namespace

const std::map<std::string, Handler> &einsumFunctions() {
    static const std::map<std::string, Handler> table = {{"numpy.einsum", einsum}};
    return table;
}

} // namespace npc::lowering
