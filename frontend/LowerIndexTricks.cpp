// Conversions between flat indices and coordinates (numpy/_core/multiarray: unravel_index,
// ravel_multi_index): elementwise integer arithmetic over the strides of a shape whose
// extents may be run-time ints, with NumPy's ValueErrors checked on entry.
#include "frontend/LowerContext.h"

#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::BinaryOp;
using array::NodePtr;

/// The extents of a `shape`/`dims` argument (a tuple of ints or one int; literal or run
/// time), as int64 scalars.
std::vector<NodePtr> extentsOf(const Value &v, const CallArgs &args, const char *what) {
    std::vector<Value> items = v.kind == Value::Tuple ? v.elements : std::vector<Value>{v};
    std::vector<NodePtr> out;
    for (const Value &item : items)
        out.push_back(array::makeDimValue(extentArgument(item, args, what), args.loc));
    return out;
}

/// The strides of a C-order (or, `fortran`, F-order) array of `extents`, in elements.
std::vector<NodePtr> stridesOf(ExprLowering &lowering, const std::vector<NodePtr> &extents,
                               bool fortran, SourceLoc loc) {
    std::vector<NodePtr> strides(extents.size());
    NodePtr stride = array::makeIntConstant(1, DType::Int64, false, loc);
    for (size_t n = 0; n < extents.size(); ++n) {
        size_t k = fortran ? n : extents.size() - 1 - n;
        strides[k] = stride;
        stride = lowering.binary(BinaryOp::Multiply, stride, extents[k], loc);
    }
    return strides;
}

/// The `order` argument: 'C' (false) or 'F' (true).
bool fortranOrder(const std::optional<Value> &v, const CallArgs &args) {
    if (!v)
        return false;
    if (v->kind != Value::String || (v->text != "C" && v->text != "F"))
        throw UserError(v->loc, fmt::format("{}(): order must be 'C' or 'F'", args.function));
    return v->text == "F";
}

/// An integer index argument (a Python int becomes int64); NumPy's TypeError otherwise.
NodePtr indexArgument(ExprLowering &lowering, const Value &v, const CallArgs &args,
                      const char *what) {
    NodePtr x = asArray(lowering, v, args, what);
    if (!isInteger(x->type.dtype))
        throw UserError(v.loc, "only int indices permitted");
    return array::makeCast(x, DType::Int64, args.loc);
}

/// numpy.unravel_index(indices, shape, order='C'): the coordinates of flat indices in an
/// array of `shape`, a tuple of int64 arrays of indices' shape: `(i // stride) % extent`.
/// NumPy's ValueError naming the first index (in C order) outside [0, size), on entry.
Value unravelIndex(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"indices", true}, {"shape", true}, {"order", false}});
    SourceLoc loc = args.loc;
    NodePtr indices = lowering.materialized(indexArgument(lowering, *b[0], args, "indices"), loc);
    std::vector<NodePtr> extents = extentsOf(*b[1], args, "shape");
    std::vector<NodePtr> strides = stridesOf(lowering, extents, fortranOrder(b[2], args), loc);
    NodePtr size = array::makeIntConstant(1, DType::Int64, false, loc);
    for (const NodePtr &e : extents)
        size = lowering.binary(BinaryOp::Multiply, size, e, loc);
    size = lowering.materialized(size, loc);
    // The first index out of bounds, and whether there is one.
    NodePtr zero = array::makeIntConstant(0, DType::Int64, false, loc);
    NodePtr bad =
        lowering.binary(BinaryOp::LogicalOr, lowering.binary(BinaryOp::Less, indices, zero, loc),
                        lowering.binary(BinaryOp::GreaterEqual, indices, size, loc), loc);
    NodePtr flatBad = raveled(lowering, bad, loc);
    NodePtr any = lowering.materialized(
        array::makeCast(array::makeReduce(array::ReduceOp::Any, flatBad, {0}, false, loc),
                        DType::Int64, loc),
        loc);
    // Both flattened with one more element, a bad 0, so that the search always finds one.
    auto padded = [&](const NodePtr &v, const NodePtr &last) {
        return array::makeConcat(
            {raveled(lowering, v, loc), array::makeBroadcast(last, {dimConst(1)}, loc)}, 0, {},
            loc);
    };
    NodePtr first = lowering.materialized(
        array::makeReduce(array::ReduceOp::ArgMax,
                          padded(bad, array::makeIntConstant(1, DType::Bool, false, loc)), {0},
                          false, loc),
        loc);
    NodePtr culprit =
        lowering.materialized(lowering.indexWithArrays(padded(indices, zero), {first}, loc), loc);
    array::ExtentCheck check{dimValue(any, "index out of bounds"), dimConst(0), false, "",
                             "ValueError"};
    std::string index = array::showExtent(dimValue(culprit, "index"), &check.shown);
    check.message = fmt::format("index {} is out of bounds for array with size {}", index,
                                array::showExtent(dimValue(size, "size"), &check.shown));
    std::vector<NodePtr> out;
    for (size_t k = 0; k < extents.size(); ++k) {
        NodePtr c = lowering.binary(BinaryOp::FloorDivide, indices, strides[k], loc);
        c = lowering.binary(BinaryOp::Remainder, c, extents[k], loc);
        out.push_back(array::withChecks(array::withName(c, "unravel_index"), {check}));
    }
    return arrayTuple(std::move(out), loc);
}

/// numpy.ravel_multi_index(multi_index, dims, mode='raise', order='C'): the flat indices of
/// coordinates (a tuple of integer arrays, broadcast together) in an array of `dims`,
/// int64: `sum(c * stride)`. mode (one, or one per axis): 'raise' (NumPy's ValueError on
/// entry for a coordinate outside [0, extent)), 'wrap' (Python's modulo) or 'clip'.
Value ravelMultiIndex(ExprLowering &lowering, const CallArgs &args) {
    auto b = bind(args, {{"multi_index", true}, {"dims", true}, {"mode", false}, {"order", false}});
    SourceLoc loc = args.loc;
    if (b[0]->kind != Value::Tuple)
        throw UserError(b[0]->loc, "np.ravel_multi_index(): npc needs multi_index as a tuple of "
                                   "integer arrays");
    std::vector<NodePtr> extents = extentsOf(*b[1], args, "dims");
    if (b[0]->elements.size() != extents.size())
        throw UserError(args.loc, fmt::format("parameter multi_index must be a sequence of "
                                              "length {}",
                                              extents.size()));
    std::vector<std::string> modes(extents.size(), "raise");
    if (b[2]) {
        std::vector<Value> given =
            b[2]->kind == Value::Tuple ? b[2]->elements : std::vector<Value>{*b[2]};
        if (given.size() != 1 && given.size() != extents.size())
            throw UserError(b[2]->loc, "mode must be one string or one per dimension");
        for (size_t k = 0; k < extents.size(); ++k) {
            const Value &m = given[given.size() == 1 ? 0 : k];
            if (m.kind != Value::String ||
                (m.text != "raise" && m.text != "wrap" && m.text != "clip"))
                throw UserError(m.loc, "clipmode must be one of 'clip', 'raise', or 'wrap'");
            modes[k] = m.text;
        }
    }
    std::vector<NodePtr> strides = stridesOf(lowering, extents, fortranOrder(b[3], args), loc);
    NodePtr zero = array::makeIntConstant(0, DType::Int64, false, loc);
    NodePtr one = array::makeIntConstant(1, DType::Int64, false, loc);
    NodePtr total = zero, fails;
    for (size_t k = 0; k < extents.size(); ++k) {
        NodePtr c = indexArgument(lowering, b[0]->elements[k], args, "multi_index");
        if (modes[k] == "wrap") {
            c = lowering.binary(BinaryOp::Remainder, c, extents[k], loc);
        } else if (modes[k] == "clip") {
            c = lowering.binary(
                BinaryOp::Maximum,
                lowering.binary(BinaryOp::Minimum, c,
                                lowering.binary(BinaryOp::Subtract, extents[k], one, loc), loc),
                zero, loc);
        } else {
            NodePtr bad =
                lowering.binary(BinaryOp::LogicalOr, lowering.binary(BinaryOp::Less, c, zero, loc),
                                lowering.binary(BinaryOp::GreaterEqual, c, extents[k], loc), loc);
            std::vector<int> axes(static_cast<size_t>(bad->type.rank()));
            for (size_t a = 0; a < axes.size(); ++a)
                axes[a] = static_cast<int>(a);
            NodePtr anyBad =
                axes.empty() ? bad : array::makeReduce(array::ReduceOp::Any, bad, axes, false, loc);
            fails = fails ? lowering.binary(BinaryOp::LogicalOr, fails, anyBad, loc) : anyBad;
        }
        total = lowering.binary(BinaryOp::Add, total,
                                lowering.binary(BinaryOp::Multiply, c, strides[k], loc), loc);
    }
    total = array::withName(total, "ravel_multi_index");
    if (fails)
        total = array::withChecks(
            total, {conditionCheck(lowering.materialized(fails, loc), "invalid coordinates",
                                   "invalid entry in coordinates array")});
    return Value::array(total, loc);
}

} // namespace

const std::map<std::string, Handler> &indexTrickFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.unravel_index", unravelIndex},
        {"numpy.ravel_multi_index", ravelMultiIndex},
    };
    return table;
}

} // namespace npc::lowering
