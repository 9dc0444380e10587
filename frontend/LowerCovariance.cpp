// numpy.cov and numpy.corrcoef (numpy/lib/_function_base_impl.py), built as NumPy builds
// them from np.mean, np.dot, np.diag, np.sqrt and np.clip: the same operations in the
// same order, so the results round as NumPy's (up to the sums' order: see README).
#include "frontend/LowerContext.h"

#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;

/// Calls the NumPy function `name` on `positional` (and `keywords`) at `loc`.
NodePtr call(ExprLowering &lowering, const std::string &name, std::vector<Value> positional,
             SourceLoc loc, std::vector<std::pair<std::string, Value>> keywords = {}) {
    CallArgs args{displayName(name), loc, std::move(positional), std::move(keywords), {}};
    args.keywordLocs.assign(args.keywords.size(), loc);
    return callNumPy(lowering, name, std::move(args)).node;
}

Value arrayValue(NodePtr n, SourceLoc loc) {
    return Value::array(std::move(n), loc);
}

/// A run-time check that extent `d` is not 1, where NumPy's result would change rank or
/// layout with it (npc fixes both when it compiles); `message` says what NumPy does then.
array::ExtentCheck notOne(const Dim &d, const std::string &message, SourceLoc loc) {
    NodePtr one = array::makeIntConstant(1, DType::Int64, false, loc);
    return conditionCheck(array::makeBinary(BinaryOp::Equal, array::makeDimValue(d, loc), one, loc),
                          fmt::format("{} == 1", dimStr(d)), message);
}

/// The observations of one argument of np.cov as NumPy reads them: made an array of
/// `dtype` with at least two axes (`np.array(m, ndmin=2)`), and with `rowvar` False
/// transposed: `m` unless it is 1-D, `y` unless it has one row (`checks` gets the run-time
/// check where that row count is only known then).
NodePtr observations(ExprLowering &lowering, const Value &v, DType dtype, bool rowvar,
                     const char *what, const CallArgs &args,
                     std::vector<array::ExtentCheck> &checks) {
    bool isY = std::string_view(what) == "y";
    NodePtr m = v.kind == Value::Tuple ? call(lowering, "numpy.asarray", {v}, v.loc)
                                       : requireArray(v, args, what);
    if (m->type.rank() > 2)
        throw UserError(v.loc, fmt::format("{} has more than 2 dimensions", what));
    if (m->type.weak || m->type.dtype != dtype)
        m = array::makeCast(m, dtype, false, v.loc);
    int rank = m->type.rank();
    while (m->type.rank() < 2) {
        std::vector<array::ViewEntry> entries(static_cast<size_t>(m->type.rank()),
                                              array::ViewEntry::all());
        entries.insert(entries.begin(), array::ViewEntry::newAxis());
        m = array::makeView(m, std::move(entries), v.loc);
    }
    const Dim &rows = m->type.shape[0];
    if (rowvar || (isY ? dimIsConst(rows, 1) : rank == 1))
        return m;
    if (isY && !dimConstValue(rows))
        checks.push_back(notOne(rows,
                                fmt::format("{}() with rowvar=False takes a y of one row as it "
                                            "is (NumPy transposes the others); npc needs that "
                                            "known when it compiles: pass such a y as a 1-D "
                                            "array",
                                            args.function),
                                v.loc));
    return array::makeTranspose(m, {1, 0}, v.loc);
}

/// An optional bool argument that must be a literal.
bool flag(const std::optional<Value> &v, bool fallback, const char *name, const CallArgs &args) {
    if (!v || v->kind == Value::None)
        return fallback;
    if (auto b = boolLiteral(*v))
        return *b;
    throw UserError(v->loc, fmt::format("{}(): {} must be True or False", args.function, name));
}

/// numpy.cov(m, y=None, rowvar=True, bias=False, ddof=None, *, dtype=None): no weights.
Value cov(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"m", true},
                         {"y", false},
                         {"rowvar", false},
                         {"bias", false},
                         {"ddof", false},
                         {"fweights", false},
                         {"aweights", false},
                         {"dtype", false}});
    rejectArgument(b[5], "fweights", args);
    rejectArgument(b[6], "aweights", args);
    SourceLoc loc = args.loc;
    bool hasY = b[1] && b[1]->kind != Value::None;
    // dtype: np.result_type(m, y, np.float64) unless given.
    auto dtypeOf = [&](const Value &v) {
        if (v.kind == Value::Array)
            return PromotionType{v.node->type.dtype, v.node->type.weak};
        return PromotionType{constructorDType(call(lowering, "numpy.asarray", {v}, v.loc)), false};
    };
    DType dtype;
    if (auto given = dtypeArgument(b[7], args)) {
        dtype = *given;
    } else {
        PromotionType t = promote(dtypeOf(*b[0]), PromotionType{DType::Float64, false});
        if (hasY)
            t = promote(t, dtypeOf(*b[1]));
        dtype = t.dtype;
    }
    if (!isInexact(dtype))
        throw UserError(b[7]->loc, fmt::format("{}(): npc computes in a float or complex dtype",
                                               args.function));
    bool rowvar = flag(b[2], true, "rowvar", args);
    bool bias = flag(b[3], false, "bias", args);
    std::vector<array::ExtentCheck> checks;
    NodePtr x = observations(lowering, *b[0], dtype, rowvar, "m", args, checks);
    if (hasY) {
        NodePtr y = observations(lowering, *b[1], dtype, rowvar, "y", args, checks);
        Value both{Value::Tuple, nullptr, {}, {arrayValue(x, loc), arrayValue(y, loc)}, {}, loc};
        x = call(lowering, "numpy.concatenate", {both}, loc);
    }
    const Dim &variables = x->type.shape[0];
    if (!dimConstValue(variables))
        checks.push_back(notOne(variables,
                                fmt::format("{}() of a single variable gives a 0-d result in "
                                            "NumPy; npc needs that known when it compiles: pass "
                                            "the variable as a 1-D array",
                                            args.function),
                                loc));

    // fact = n - ddof, as a float; 0.0 when not positive (NumPy warns).
    NodePtr ddof = array::makeIntConstant(bias ? 0 : 1, DType::Int64, true, loc);
    if (b[4] && b[4]->kind != Value::None) {
        ddof = requireArray(b[4], args, "ddof");
        if (ddof->type.rank() != 0 || !isInteger(ddof->type.dtype))
            throw UserError(b[4]->loc, fmt::format("{}(): ddof must be an integer", args.function));
    }
    NodePtr n = array::makeDimValue(x->type.shape[1], loc);
    NodePtr fact = lowering.binary(BinaryOp::Subtract, n, ddof, loc);
    NodePtr zero = array::makeIntConstant(0, DType::Int64, false, loc);
    fact = array::makeWhere(lowering.binary(BinaryOp::LessEqual, fact, zero, loc), zero,
                            array::makeCast(fact, DType::Int64, loc), loc);
    NodePtr scale = lowering.binary(BinaryOp::TrueDivide,
                                    array::makeIntConstant(1, DType::Int64, false, loc), fact, loc);

    NodePtr avg =
        call(lowering, "numpy.mean", {arrayValue(x, loc)}, loc,
             {{"axis", arrayValue(array::makeIntConstant(1, DType::Int64, true, loc), loc)}});
    avg = array::makeView(avg, {array::ViewEntry::all(), array::ViewEntry::newAxis()}, loc);
    NodePtr centered = lowering.binary(BinaryOp::Subtract, x, avg, loc);
    if (!checks.empty())
        centered = array::withChecks(centered, std::move(checks));
    NodePtr transposed = array::makeTranspose(centered, {1, 0}, loc);
    if (isComplex(dtype))
        transposed = call(lowering, "numpy.conj", {arrayValue(transposed, loc)}, loc);
    NodePtr c =
        call(lowering, "numpy.dot", {arrayValue(centered, loc), arrayValue(transposed, loc)}, loc);
    c = lowering.castTo(lowering.binary(BinaryOp::Multiply, c, scale, loc), c->type.dtype, loc);
    if (dimIsConst(variables, 1)) // c.squeeze()
        c = array::makeView(c, {array::ViewEntry::at(0), array::ViewEntry::at(0)}, loc);
    return arrayValue(c, loc);
}

/// numpy.corrcoef(x, y=None, rowvar=True, *, dtype=None) of real values: cov's matrix over
/// the outer product of its diagonal's square roots, clipped to [-1, 1]; c / c for one
/// variable.
Value corrcoef(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"x", true}, {"y", false}, {"rowvar", false}, {"dtype", false}});
    std::vector<Value> positional = {*b[0]};
    std::vector<std::pair<std::string, Value>> keywords;
    if (b[1])
        keywords.emplace_back("y", *b[1]);
    if (b[2])
        keywords.emplace_back("rowvar", *b[2]);
    if (b[3])
        keywords.emplace_back("dtype", *b[3]);
    SourceLoc loc = args.loc;
    CallArgs covArgs{args.function, loc, positional, keywords, {}};
    covArgs.keywordLocs.assign(keywords.size(), loc);
    NodePtr c = cov(lowering, covArgs).node;
    if (isComplex(c->type.dtype))
        throw UserError(
            loc, fmt::format("{}() of complex values is not supported by npc yet", args.function));
    if (c->type.rank() == 0)
        return arrayValue(lowering.binary(BinaryOp::TrueDivide, c, c, loc), loc);
    NodePtr stddev =
        call(lowering, "numpy.sqrt",
             {arrayValue(call(lowering, "numpy.diag", {arrayValue(c, loc)}, loc), loc)}, loc);
    c = lowering.binary(
        BinaryOp::TrueDivide, c,
        array::makeView(stddev, {array::ViewEntry::all(), array::ViewEntry::newAxis()}, loc), loc);
    c = lowering.binary(
        BinaryOp::TrueDivide, c,
        array::makeView(stddev, {array::ViewEntry::newAxis(), array::ViewEntry::all()}, loc), loc);
    Value bound = arrayValue(array::makeIntConstant(1, DType::Int64, true, loc), loc);
    Value low = arrayValue(array::makeIntConstant(-1, DType::Int64, true, loc), loc);
    return arrayValue(call(lowering, "numpy.clip", {arrayValue(c, loc), low, bound}, loc), loc);
}

} // namespace

const std::map<std::string, Handler> &covarianceFunctions() {
    static const std::map<std::string, Handler> table = {{"numpy.cov", cov},
                                                         {"numpy.corrcoef", corrcoef}};
    return table;
}

} // namespace npc::lowering
