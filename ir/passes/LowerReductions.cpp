// Lower-to-loops: reductions (NumPy's NaN and empty-axis rules) and scans.
#include "ir/passes/LoweringState.h"

namespace npc::passes::detail {

ExprPtr Lowering::computeReduce(const Node &n, const std::vector<ExprPtr> &idx) {
    using array::ReduceOp;
    using loop::Intrinsic;
    const NodePtr &x = n.operand();
    DType t = x->type.dtype;
    ReduceOp op = n.reduceOp;
    bool arg = op == ReduceOp::ArgMin || op == ReduceOp::ArgMax;

    std::vector<Dim> extents;
    for (int a : n.axes)
        extents.push_back(x->type.shape[static_cast<size_t>(a)]);
    if (op != ReduceOp::Sum && op != ReduceOp::Prod && op != ReduceOp::Any &&
        op != ReduceOp::All) {
        Dim count = dimProduct(extents);
        std::string message =
            arg ? fmt::format("attempt to get {} of an empty sequence", array::reduceOpName(op))
                : fmt::format("zero-size array to reduction operation {} which has no identity",
                              op == ReduceOp::Min ? "minimum" : "maximum");
        if (!dimConstValue(count) || *dimConstValue(count) == 0)
            check(loop::binary(loop::BinaryOp::Eq, dimExpr(count), loop::intImm(0)), "ValueError",
                  message, "empty:" + message + dimStr(count));
    }

    // Accumulators, declared in the enclosing scope. A float32 (complex64) sum accumulates
    // in float64 (complex128) and rounds once at the end: NumPy's pairwise summation keeps
    // the error of long float32 sums small, an in-order float32 sum would not.
    DType accType = op != ReduceOp::Sum ? t
                    : t == DType::Float32 ? DType::Float64
                    : t == DType::Complex64 ? DType::Complex128
                                            : t;
    std::string acc = fresh(hintFor(n));
    std::string best;
    ExprPtr init;
    switch (op) {
    case ReduceOp::Sum: init = loop::numberImm(0, accType); break;
    case ReduceOp::Prod: init = loop::numberImm(1, accType); break;
    case ReduceOp::Min:
    case ReduceOp::ArgMin:
        init = loop::call(isFloat(t) ? Intrinsic::Infinity : Intrinsic::Highest, {}, t);
        break;
    case ReduceOp::Max:
    case ReduceOp::ArgMax:
        init = isFloat(t) ? loop::unary(loop::UnaryOp::Neg, loop::call(Intrinsic::Infinity, {}, t))
                          : loop::call(Intrinsic::Lowest, {}, t);
        break;
    case ReduceOp::Any: init = loop::boolImm(false); break;
    case ReduceOp::All: init = loop::boolImm(true); break;
    }
    if (arg) {
        best = fresh(acc + "_value");
        current().push_back(loop::decl(acc, DType::Int64, loop::intImm(0), true));
        current().push_back(loop::decl(best, t, init, true));
    } else {
        current().push_back(loop::decl(acc, accType, init, true));
    }

    // The reduction loop nest; its body becomes the current block.
    size_t savedDepth = depth_;
    std::vector<ExprPtr> xIdx(static_cast<size_t>(x->type.rank()));
    std::vector<StmtPtr> *body = &current();
    StmtPtr outer;
    ExprPtr flat = loop::intImm(0);
    size_t next = 0;
    for (int a = 0; a < x->type.rank(); ++a) {
        bool reduced = std::find(n.axes.begin(), n.axes.end(), a) != n.axes.end();
        if (!reduced) {
            xIdx[static_cast<size_t>(a)] = idx[next++];
            continue;
        }
        if (n.keepdims)
            ++next;
        std::string v = loopVar(depth_++);
        ExprPtr extent = dimExpr(x->type.shape[static_cast<size_t>(a)]);
        StmtPtr loop = loop::forLoop(v, extent, {});
        loop->reductionLoop = true;
        if (!outer) {
            outer = loop;
            // A float or complex product stays in order, as NumPy's multiply.reduce: partial
            // products of threads or lanes can overflow to inf and underflow to 0 where
            // the ordered product does not (inf * 0 is NaN; NumPy gives inf or 0).
            bool ordered = op == ReduceOp::Prod && isInexact(t);
            if ((op == ReduceOp::Sum || op == ReduceOp::Prod) && !ordered) {
                loop->reductionVar = acc;
                loop->reductionOp = op == ReduceOp::Sum ? loop::BinaryOp::Add : loop::BinaryOp::Mul;
            } else if (arg && (isInteger(t) || isFloat(t))) {
                loop->argIndexVar = acc;
                loop->argValueVar = best;
                loop->argMin = op == ReduceOp::ArgMin;
            } else if ((op == ReduceOp::Min || op == ReduceOp::Max) && !isBool(t) &&
                       (isInteger(t) || isFloat(t))) {
                // min/max are associative and commutative (NaN included): threads may
                // combine partial results in any order.
                loop->reductionVar = acc;
                loop->reductionCall = op == ReduceOp::Min ? Intrinsic::Minimum : Intrinsic::Maximum;
            }
        }
        body->push_back(loop);
        body = &loop->stmts;
        ExprPtr iv = loop::var(v, DType::Int64);
        xIdx[static_cast<size_t>(a)] = iv;
        flat = loop::binary(loop::BinaryOp::Add, loop::binary(loop::BinaryOp::Mul, flat, extent), iv);
    }
    blocks_.push_back(body);
    memo_.emplace_back();
    ExprPtr v = scalarize(x, xIdx);
    ExprPtr accVar = loop::var(acc, arg ? DType::Int64 : accType);
    switch (op) {
    case ReduceOp::Sum:
    case ReduceOp::Prod:
        body->push_back(loop::assign(acc, accumulate(op, accType, accVar, loop::cast(v, accType))));
        break;
    case ReduceOp::Any:
        body->push_back(loop::assign(acc, loop::binary(loop::BinaryOp::Or, accVar, v)));
        break;
    case ReduceOp::All:
        body->push_back(loop::assign(acc, loop::binary(loop::BinaryOp::And, accVar, v)));
        break;
    case ReduceOp::Min:
        body->push_back(loop::assign(acc, loop::call(Intrinsic::Minimum, {accVar, v}, t)));
        break;
    case ReduceOp::Max:
        body->push_back(loop::assign(acc, loop::call(Intrinsic::Maximum, {accVar, v}, t)));
        break;
    case ReduceOp::ArgMin:
    case ReduceOp::ArgMax: {
        if (v->kind != loop::ExprKind::Var && v->kind != loop::ExprKind::Load) {
            std::string name = fresh(hintFor(*x));
            body->push_back(loop::decl(name, t, v));
            v = loop::var(name, t);
        }
        // NumPy's rule: the first NaN wins, else the first extreme value. Written as
        // `!(v >= best) && best == best` (true for v < best, and for the first NaN) and
        // applied with selects, so the loop has no hard-to-predict branch.
        ExprPtr bestVar = loop::var(best, t);
        ExprPtr better = loop::binary(op == ReduceOp::ArgMin ? loop::BinaryOp::Lt : loop::BinaryOp::Gt, v, bestVar);
        if (isFloat(t))
            better = loop::binary(
                loop::BinaryOp::And,
                loop::unary(loop::UnaryOp::Not,
                            loop::binary(op == ReduceOp::ArgMin ? loop::BinaryOp::Ge : loop::BinaryOp::Le, v, bestVar)),
                loop::unary(loop::UnaryOp::Not, loop::call(Intrinsic::IsNan, {bestVar}, DType::Bool)));
        std::string flag = fresh("better");
        body->push_back(loop::decl(flag, DType::Bool, better));
        ExprPtr flagVar = loop::var(flag, DType::Bool);
        body->push_back(loop::assign(best, loop::select(flagVar, v, bestVar)));
        body->push_back(loop::assign(acc, loop::select(flagVar, flat, accVar)));
        break;
    }
    }
    blocks_.pop_back();
    memo_.pop_back();
    depth_ = savedDepth;
    return accType == n.type.dtype || arg ? accVar : loop::cast(accVar, n.type.dtype);
}

/// `acc + v` or `acc * v` in dtype `t`, wrapping for the integers that need it (bools:
/// `or` and `and`, as NumPy's add and multiply of bools).
ExprPtr Lowering::accumulate(array::ReduceOp op, DType t, ExprPtr acc, ExprPtr v) {
    using loop::Intrinsic;
    if (op == array::ReduceOp::Max || op == array::ReduceOp::Min) { // NaN propagates
        if (isBool(t))
            return loop::binary(
                op == array::ReduceOp::Max ? loop::BinaryOp::Or : loop::BinaryOp::And, acc, v);
        return loop::call(op == array::ReduceOp::Max ? Intrinsic::Maximum : Intrinsic::Minimum,
                          {acc, v}, t);
    }
    bool sum = op == array::ReduceOp::Sum;
    if (isBool(t))
        return loop::binary(sum ? loop::BinaryOp::Or : loop::BinaryOp::And, acc, v);
    if (isComplex(t) && !sum)
        return loop::call(Intrinsic::ComplexMul, {acc, v}, t);
    if (needsWrapping(t) || (t == DType::UInt16 && !sum))
        return loop::call(sum ? Intrinsic::WrapAdd : Intrinsic::WrapMul, {acc, v}, t);
    return loop::binary(sum ? loop::BinaryOp::Add : loop::BinaryOp::Mul, acc, v);
}

/// A cumulative sum or product (numpy.cumsum, numpy.cumprod) as a stage of its own: loops
/// over the other axes (the outermost runs in parallel), then a sequential loop along the
/// scanned axis carrying the running value, which is stored at every step. Flattening
/// (axis=None) scans every axis in C order; the result index is the flat position.
Storage Lowering::lowerScan(const Node &n, const std::string &name) {
    const NodePtr &x = n.operand();
    const Shape &in = x->type.shape;
    DType t = n.type.dtype;
    Storage s = allocate(n, name);
    std::vector<ExprPtr> xIdx(in.size());
    size_t depth = 0;
    auto scanned = [&](size_t a) { return n.flatten || static_cast<int>(a) == n.axes.at(0); };
    std::vector<StmtPtr> *body = loopNest(&current(), in, scanned, xIdx, depth);
    bool sum = n.reduceOp == array::ReduceOp::Sum;
    std::string acc = fresh(hintFor(n) + "_acc");
    ExprPtr init = isBool(t) ? loop::boolImm(!sum) : loop::numberImm(sum ? 0 : 1, t);
    // A running maximum (minimum) starts below (above) every value, NaN propagating after.
    if (n.reduceOp == array::ReduceOp::Max)
        init = isBool(t) ? loop::boolImm(false)
               : isFloat(t)
                   ? loop::unary(loop::UnaryOp::Neg, loop::call(loop::Intrinsic::Infinity, {}, t))
                   : loop::call(loop::Intrinsic::Lowest, {}, t);
    if (n.reduceOp == array::ReduceOp::Min)
        init = isBool(t)    ? loop::boolImm(true)
               : isFloat(t) ? loop::call(loop::Intrinsic::Infinity, {}, t)
                            : loop::call(loop::Intrinsic::Highest, {}, t);
    // -0.0 is the identity of float addition (-0.0 + 0.0 is 0.0); NumPy's accumulate starts
    // from the first element, so cumsum([-0.0]) is [-0.0].
    if (sum && isFloat(t))
        init = loop::floatImm(-0.0, t);
    if (sum && isComplex(t))
        init = loop::complexImm(-0.0, -0.0, t);
    body->push_back(loop::decl(acc, t, init, true));
    ExprPtr flat = loop::intImm(0);
    for (size_t a = 0; a < in.size(); ++a) {
        if (!scanned(a))
            continue;
        std::string v = loopVar(depth++);
        ExprPtr extent = dimExpr(in[a]);
        StmtPtr loop = loop::forLoop(v, extent, {});
        loop->reductionLoop = true;
        body->push_back(loop);
        body = &loop->stmts;
        xIdx[a] = loop::var(v, DType::Int64);
        flat = loop::binary(loop::BinaryOp::Add, loop::binary(loop::BinaryOp::Mul, flat, extent),
                            xIdx[a]);
    }
    blocks_.push_back(body);
    memo_.emplace_back();
    depth_ = depth;
    ExprPtr accVar = loop::var(acc, t);
    ExprPtr v = loop::cast(scalarize(x, xIdx), t);
    body->push_back(loop::assign(acc, accumulate(n.reduceOp, t, accVar, v)));
    ExprPtr off = n.flatten ? offset({flat}, s.strides) : offset(xIdx, s.strides);
    body->push_back(loop::store(name, off, accVar));
    blocks_.pop_back();
    memo_.pop_back();
    return s;
}


} // namespace npc::passes::detail
