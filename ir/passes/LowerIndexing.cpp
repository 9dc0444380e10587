// Lower-to-loops: index arithmetic of views (basic indexing with Python's slice rules),
// broadcasts, transposes, reshapes and concatenation.
#include "ir/passes/LoweringState.h"

namespace npc::passes::detail {

std::vector<ExprPtr> Lowering::broadcastIndex(const Node &n, const std::vector<ExprPtr> &idx) {
    const Shape &in = n.operand()->type.shape;
    const Shape &out = n.type.shape;
    size_t lead = out.size() - in.size();
    std::vector<ExprPtr> result;
    for (size_t a = 0; a < in.size(); ++a) {
        const Dim &d = in[a];
        const ExprPtr &i = idx[a + lead];
        if (dimIsConst(d, 1))
            result.push_back(loop::intImm(0));
        else if (dimEqual(d, out[a + lead]) || dimBroadcastsByStride(d))
            result.push_back(i);
        else
            result.push_back(loop::select(loop::binary(loop::BinaryOp::Eq, dimExpr(d), loop::intImm(1)),
                                          loop::intImm(0), i));
    }
    return result;
}

std::vector<ExprPtr> Lowering::transposeIndex(const Node &n, const std::vector<ExprPtr> &idx) {
    std::vector<ExprPtr> result(idx.size());
    for (size_t i = 0; i < idx.size(); ++i)
        result[static_cast<size_t>(n.axes[i])] = idx[i];
    return result;
}

/// The operand index of a reshape's element: axes of constant extent 1 take no part
/// (index 0), equal leading and trailing extents map one to one, and the axes between
/// go through the flat C-order index: built from the result's middle axes, split by
/// division over the operand's.
std::vector<ExprPtr> Lowering::reshapeIndex(const Node &n, const std::vector<ExprPtr> &idx) {
    using loop::BinaryOp;
    const Shape &in = n.operand()->type.shape;
    const Shape &out = n.type.shape;
    std::vector<ExprPtr> result(in.size());
    std::vector<size_t> ins, outs;
    for (size_t a = 0; a < in.size(); ++a) {
        if (dimIsConst(in[a], 1))
            result[a] = loop::intImm(0);
        else
            ins.push_back(a);
    }
    for (size_t a = 0; a < out.size(); ++a)
        if (!dimIsConst(out[a], 1))
            outs.push_back(a);
    size_t lo = 0;
    for (; lo < ins.size() && lo < outs.size() && dimEqual(in[ins[lo]], out[outs[lo]]); ++lo)
        result[ins[lo]] = idx[outs[lo]];
    size_t hiIn = ins.size(), hiOut = outs.size();
    for (; hiIn > lo && hiOut > lo && dimEqual(in[ins[hiIn - 1]], out[outs[hiOut - 1]]);
         --hiIn, --hiOut)
        result[ins[hiIn - 1]] = idx[outs[hiOut - 1]];
    if (hiIn == lo)
        return result;
    ExprPtr flat = loop::intImm(0);
    for (size_t k = lo; k < hiOut; ++k)
        flat = loop::binary(BinaryOp::Add, loop::binary(BinaryOp::Mul, flat, dimExpr(out[outs[k]])),
                            idx[outs[k]]);
    if (hiIn - lo > 1)
        flat = hoistInLoop("flat", flat);
    for (size_t k = hiIn; k-- > lo + 1;) {
        ExprPtr extent = dimExpr(in[ins[k]]);
        // Not bound to a variable: inside a concatenation's part this must stay lazy (an
        // empty part's extent is 0).
        ExprPtr quotient = loop::binary(BinaryOp::Div, flat, extent);
        result[ins[k]] =
            loop::binary(BinaryOp::Sub, flat, loop::binary(BinaryOp::Mul, quotient, extent));
        flat = quotient;
    }
    result[ins[lo]] = flat;
    return result;
}

/// One part's value where the index along the axis falls in its range, chosen by
/// selects (C++ conditionals: only the chosen part is evaluated, so the others are never
/// read out of range; ScheduleStages gives parts with side computations a buffer).
ExprPtr Lowering::computeConcat(const Node &n, const std::vector<ExprPtr> &idx) {
    auto axis = static_cast<size_t>(n.axis);
    std::vector<ExprPtr> starts;
    ExprPtr start = loop::intImm(0);
    for (const NodePtr &part : n.operands) {
        starts.push_back(start);
        if (starts.size() == n.operands.size())
            break; // the last part's end is not needed (an unused variable otherwise)
        start = loop::binary(loop::BinaryOp::Add, start, dimExpr(part->type.shape[axis]));
        if (start->kind != loop::ExprKind::IntImm)
            start = hoist("offset", start);
    }
    ExprPtr value;
    for (size_t k = n.operands.size(); k-- > 0;) {
        std::vector<ExprPtr> partIdx = idx;
        partIdx[axis] = loop::binary(loop::BinaryOp::Sub, idx[axis], starts[k]);
        ExprPtr part = scalarize(n.operands[k], partIdx);
        value = value ? loop::select(loop::binary(loop::BinaryOp::Lt, idx[axis], starts[k + 1]),
                                     part, value)
                      : part;
    }
    return value;
}

std::vector<ExprPtr> Lowering::viewIndex(const Node &n, const std::vector<ExprPtr> &idx) {
    const Shape &in = n.operand()->type.shape;
    std::vector<ExprPtr> result;
    size_t out = 0;
    for (const array::ViewEntry &e : n.view) {
        if (e.kind == array::ViewEntry::NewAxis) {
            ++out;
            continue;
        }
        size_t axis = result.size();
        const Dim &extent = in[axis];
        auto c = dimConstValue(extent);
        auto dynamic = [&](int operand) {
            return scalarExpr(*n.operand(static_cast<size_t>(operand)));
        };
        if (e.kind == array::ViewEntry::Index) {
            if (e.indexOperand >= 0)
                result.push_back(hoist("idx", loop::call(loop::Intrinsic::NormalizeIndex,
                                                         {dynamic(e.indexOperand), dimExpr(extent),
                                                          loop::intImm(static_cast<int64_t>(axis))},
                                                         DType::Int64)));
            else if (c)
                result.push_back(loop::intImm(e.index < 0 ? e.index + *c : e.index));
            else
                result.push_back(hoist("idx", loop::call(loop::Intrinsic::NormalizeIndex,
                                                         {loop::intImm(e.index), dimExpr(extent),
                                                          loop::intImm(static_cast<int64_t>(axis))},
                                                         DType::Int64)));
            continue;
        }
        bool dynamicBounds = e.startOperand >= 0 || e.stopOperand >= 0;
        ExprPtr start;
        if (c && !dynamicBounds)
            start = loop::intImm(adjustSlice(*c, e.start, e.stop, e.step).start);
        else if (!e.start && e.startOperand < 0 && e.step > 0)
            start = loop::intImm(0);
        else
            start = hoist(
                "start",
                loop::call(
                    loop::Intrinsic::SliceStart,
                    {dimExpr(extent),
                     e.startOperand >= 0 ? runtimeBound(dynamic(e.startOperand)) : bound(e.start),
                     e.stopOperand >= 0 ? runtimeBound(dynamic(e.stopOperand)) : bound(e.stop),
                     loop::intImm(e.step)},
                    DType::Int64));
        ExprPtr i = idx[out++];
        result.push_back(loop::binary(loop::BinaryOp::Add, start,
                                      loop::binary(loop::BinaryOp::Mul, i, loop::intImm(e.step))));
    }
    return result;
}


} // namespace npc::passes::detail
