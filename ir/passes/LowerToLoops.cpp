// Pass lower-to-loops: one loop nest per scheduled stage (see LowerToLoops.h); the
// dispatch over array node kinds. The pass's state is in LoweringState.h.
#include "ir/passes/LoweringState.h"

namespace npc::passes {
namespace detail {

ExprPtr Lowering::compute(const Node &n, const std::vector<ExprPtr> &idx) {
    checkExtents(n);
    switch (n.kind) {
    case NodeKind::Param:
    case NodeKind::Var:
        NPC_INTERNAL_ERROR("parameters and variables are loaded by scalarize");
    case NodeKind::Constant:
        if (isComplex(n.type.dtype))
            return loop::complexImm(n.floatValue, n.imagValue, n.type.dtype);
        if (isFloat(n.type.dtype))
            return loop::floatImm(n.floatValue, n.type.dtype);
        return loop::intImm(n.intValue, n.type.dtype);
    case NodeKind::DimValue:
        return dimExpr(n.dim);
    case NodeKind::Cast:
        if (n.rangeChecked)
            checkRange(n);
        return loop::cast(scalarize(n.operand(), idx), n.type.dtype);
    case NodeKind::Unary:
        return computeUnary(n, scalarize(n.operand(), idx));
    case NodeKind::Binary:
        return computeBinary(n, scalarize(n.operand(0), idx), scalarize(n.operand(1), idx));
    case NodeKind::Broadcast:
        return scalarize(n.operand(), broadcastIndex(n, idx));
    case NodeKind::View:
        return scalarize(n.operand(), viewIndex(n, idx));
    case NodeKind::Reduce:
        return computeReduce(n, idx);
    case NodeKind::Scan:
        NPC_INTERNAL_ERROR("a scan is always a stage of its own (lowerScan)");
    case NodeKind::Sort:
        NPC_INTERNAL_ERROR("a sort is always a stage of its own (lowerSort)");
    case NodeKind::Where:
        return loop::select(scalarize(n.operand(0), idx), scalarize(n.operand(1), idx),
                            scalarize(n.operand(2), idx));
    case NodeKind::Transpose:
        return scalarize(n.operand(), transposeIndex(n, idx));
    case NodeKind::Reshape:
        return scalarize(n.operand(), reshapeIndex(n, idx));
    case NodeKind::Concat:
        return computeConcat(n, idx);
    case NodeKind::Iota:
        return idx.at(static_cast<size_t>(n.axis));
    case NodeKind::Copy: // a value of its own only once materialized; fused, it is its operand
        return scalarize(n.operand(), idx);
    case NodeKind::Gather:
        return computeGather(n, idx);
    case NodeKind::Nonzero:
        NPC_INTERNAL_ERROR("flatnonzero is always a stage of its own (lowerNonzero)");
    case NodeKind::Bincount:
        NPC_INTERNAL_ERROR("bincount is always a stage of its own (lowerBincount)");
    case NodeKind::SearchSorted:
        return computeSearchSorted(n, idx);
    }
    NPC_INTERNAL_ERROR("unhandled array node kind");
}

/// The source text at `loc` on one line (runs of white space one space), shortened to 60
/// characters; `(...)` where the IR made the value up.
std::string Lowering::sourceText(SourceLoc loc) const {
    if (!loc.valid() || loc.end > file_.text.size())
        return "(...)";
    std::string text;
    for (char ch : std::string_view(file_.text).substr(loc.begin, loc.end - loc.begin)) {
        bool space = std::isspace(static_cast<unsigned char>(ch));
        if (!space || (!text.empty() && text.back() != ' '))
            text += space ? ' ' : ch;
    }
    return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

/// Emits the node's run-time extent checks (reshape counts, squeezed axes, ...) into the
/// prologue, once each.
void Lowering::checkExtents(const Node &n) {
    for (const array::ExtentCheck &c : n.checks) {
        ExprPtr actual = dimExpr(c.actual), expected = dimExpr(c.expected);
        // Extents the IR tells apart may compute the same value (`n != n` cannot fail, and
        // g++ rejects it under -Werror=tautological-compare).
        if (loop::str(actual) == loop::str(expected))
            continue;
        ExprPtr failed = loop::binary(loop::BinaryOp::Ne, actual, expected);
        // A condition as an extent (int64(cond) != 0): the condition itself.
        if (actual->kind == loop::ExprKind::Cast && isBool(actual->args[0]->dtype) &&
            expected->kind == loop::ExprKind::IntImm && expected->intValue == 0)
            failed = actual->args[0];
        if (c.orOne)
            failed = loop::binary(loop::BinaryOp::And, failed,
                                  loop::binary(loop::BinaryOp::Ne, actual, loop::intImm(1)));
        std::string message = c.message;
        if (size_t at = message.find(array::kCheckedSource); at != std::string::npos)
            message.replace(at, array::kCheckedSource.size(), sourceText(n.loc));
        // The extents the message shows, printed between its pieces.
        std::vector<std::string> pieces;
        std::vector<ExprPtr> shown;
        if (!c.shown.empty()) {
            size_t from = 0;
            for (const Dim &d : c.shown) {
                size_t at = message.find(array::kShownExtent, from);
                NPC_ASSERT(at != std::string::npos, "an extent check shows more extents than "
                                                    "its message has places for");
                pieces.push_back(message.substr(from, at - from));
                shown.push_back(dimExpr(d));
                from = at + array::kShownExtent.size();
            }
            pieces.push_back(message.substr(from));
        }
        check(failed, c.exception, message, fmt::format("extent:{}:{}", loop::str(failed), message),
              nullptr, std::move(pieces), std::move(shown));
    }
}

} // namespace detail

loop::Function lowerToLoops(const array::Function &f, const Schedule &schedule,
                            const SourceFile &file, const LoweringOptions &options) {
    return detail::Lowering(f, schedule, file, options).run();
}

} // namespace npc::passes
