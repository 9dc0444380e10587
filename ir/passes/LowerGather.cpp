// Lower-to-loops: integer-array (advanced) indexing and boolean masks. A Gather reads its
// operand at positions taken from index arrays (checked and wrapped as NumPy does; the
// first out-of-bounds index is recorded in a flag and raised after the loop, since OpenMP
// loops cannot throw); a Nonzero compacts a mask's true positions in a serial pass.
#include "ir/passes/LoweringState.h"

namespace npc::passes::detail {

/// The operand index of a gather's element: the result's axes at the gather's position
/// select an element of every index array; the other result axes are the operand's axes
/// that are not indexed, in order.
std::vector<ExprPtr> Lowering::gatherIndex(const Node &n, const std::vector<ExprPtr> &idx) {
    const Shape &in = n.operand()->type.shape;
    auto position = static_cast<size_t>(n.axis);
    size_t indexRank = n.operand(1)->type.shape.size();
    std::vector<ExprPtr> at(idx.begin() + static_cast<std::ptrdiff_t>(position),
                            idx.begin() + static_cast<std::ptrdiff_t>(position + indexRank));
    std::vector<ExprPtr> rest(idx.begin(), idx.begin() + static_cast<std::ptrdiff_t>(position));
    rest.insert(rest.end(), idx.begin() + static_cast<std::ptrdiff_t>(position + indexRank),
                idx.end());
    auto buffers = gatherIndices_.find(&n);
    std::vector<ExprPtr> result;
    size_t next = 0;
    for (size_t a = 0; a < in.size(); ++a) {
        auto it = std::find(n.axes.begin(), n.axes.end(), static_cast<int>(a));
        if (it == n.axes.end()) {
            result.push_back(rest.at(next++));
            continue;
        }
        auto t = static_cast<size_t>(it - n.axes.begin());
        if (buffers != gatherIndices_.end()) { // checked and wrapped before the store loop
            const Storage &s = buffers->second.at(t);
            result.push_back(loop::load(s.name, offset(at, s.strides), DType::Int64));
            continue;
        }
        ExprPtr i = scalarize(n.operand(t + 1), at);
        if (n.errorAxes.at(t) < 0) { // positions of a mask's true elements: in bounds
            result.push_back(i);
            continue;
        }
        result.push_back(loop::call(loop::Intrinsic::CheckedIndex,
                                    {i, dimExpr(in[a]), loop::intImm(n.errorAxes[t])},
                                    DType::Int64));
    }
    return result;
}

/// The gathered element. Its index checks run even where the operand's value does not
/// depend on the index (a fill such as `np.zeros(n)[idx]`, a broadcast axis): NumPy
/// raises IndexError for an out-of-bounds index whatever the values.
ExprPtr Lowering::computeGather(const Node &n, const std::vector<ExprPtr> &idx) {
    std::vector<ExprPtr> at = gatherIndex(n, idx);
    ExprPtr value = scalarize(n.operand(), at);
    for (const ExprPtr &i : at) {
        if (i->kind != loop::ExprKind::Call || i->intrinsic != loop::Intrinsic::CheckedIndex)
            continue;
        bool read = false;
        loop::forEachExpr(value, [&](const loop::Expr &e) { read = read || &e == i.get(); });
        if (!read)
            value = loop::call(loop::Intrinsic::Then, {i, value}, value->dtype);
    }
    return value;
}

namespace {

/// `a < b` in the order numpy.sort leaves floats in (NaNs after every number), as
/// NumPy's searchsorted compares (npy::less in npysort).
ExprPtr sortLess(const ExprPtr &a, const ExprPtr &b) {
    ExprPtr less = loop::binary(loop::BinaryOp::Lt, a, b);
    if (!isFloat(a->dtype))
        return less;
    ExprPtr nanAfter = loop::binary(
        loop::BinaryOp::And, loop::call(loop::Intrinsic::IsNan, {b}, DType::Bool),
        loop::unary(loop::UnaryOp::Not, loop::call(loop::Intrinsic::IsNan, {a}, DType::Bool)));
    return loop::binary(loop::BinaryOp::Or, less, nanAfter);
}

} // namespace

/// numpy.searchsorted for the key at `idx`, as a branch-free binary search: the range
/// [position, position + length] holds the answer and shrinks from n + 1 elements to 2 in
/// bit_width(n - 1) steps, each comparing the key with one element and keeping the half
/// that holds the answer (the number of steps depends on n alone, so the loop has no
/// data-dependent branch); one last comparison picks between the two. For a sorted array
/// the position is NumPy's (binsearch.cpp): the first element not less than the key
/// (left) or greater than it (right).
ExprPtr Lowering::computeSearchSorted(const Node &n, const std::vector<ExprPtr> &idx) {
    const NodePtr &sorted = n.operand();
    ExprPtr key = scalarize(n.operand(1), idx);
    if (key->kind != loop::ExprKind::Var && key->kind != loop::ExprKind::IntImm &&
        key->kind != loop::ExprKind::FloatImm) {
        std::string name = fresh("key");
        current().push_back(loop::decl(name, key->dtype, key));
        key = loop::var(name, key->dtype);
    }
    // True when the answer lies after `probe`: it is less than the key (left) or not
    // greater (right).
    auto after = [&](std::vector<StmtPtr> &into, const ExprPtr &at) {
        ExprPtr probe = scalarize(sorted, {at});
        if (probe->kind != loop::ExprKind::Var) {
            std::string name = fresh("probe");
            into.push_back(loop::decl(name, probe->dtype, probe));
            probe = loop::var(name, probe->dtype);
        }
        std::string flag = fresh("after");
        into.push_back(loop::decl(flag, DType::Bool,
                                  n.right ? loop::unary(loop::UnaryOp::Not, sortLess(key, probe))
                                          : sortLess(probe, key)));
        return loop::var(flag, DType::Bool);
    };
    ExprPtr extent = dimExpr(sorted->type.shape[0]);
    ExprPtr one = loop::intImm(1);
    std::string position = fresh("position"), length = fresh("length");
    current().push_back(loop::decl(position, DType::Int64, loop::intImm(0), true));
    current().push_back(loop::decl(length, DType::Int64, extent, true));
    ExprPtr positionVar = loop::var(position, DType::Int64);
    ExprPtr lengthVar = loop::var(length, DType::Int64);

    size_t savedDepth = depth_;
    std::string step = loopVar(depth_++);
    ExprPtr steps =
        loop::call(loop::Intrinsic::BitWidth,
                   {loop::call(loop::Intrinsic::Maximum,
                               {loop::binary(loop::BinaryOp::Sub, extent, one), loop::intImm(0)},
                               DType::Int64)},
                   DType::Int64);
    StmtPtr loop = loop::forLoop(step, steps, {});
    loop->reductionLoop = true; // each step narrows the range the one before left
    current().push_back(loop);
    blocks_.push_back(&loop->stmts);
    memo_.emplace_back();
    std::string half = fresh("half");
    loop->stmts.push_back(loop::decl(
        half, DType::Int64, loop::binary(loop::BinaryOp::Div, lengthVar, loop::intImm(2))));
    ExprPtr halfVar = loop::var(half, DType::Int64);
    ExprPtr middle = loop::binary(loop::BinaryOp::Add, positionVar, halfVar);
    ExprPtr past = after(loop->stmts, middle);
    loop->stmts.push_back(loop::assign(position, loop::select(past, middle, positionVar)));
    loop->stmts.push_back(
        loop::assign(length, loop::binary(loop::BinaryOp::Sub, lengthVar, halfVar)));
    blocks_.pop_back();
    memo_.pop_back();
    depth_ = savedDepth;

    // The last comparison, none for an empty array: a loop of min(n, 1) iterations rather
    // than an `if`, so that the vectorize pass can run several keys' searches side by side
    // (their loads overlap).
    std::string lastStep = loopVar(depth_++);
    StmtPtr last = loop::forLoop(
        lastStep, loop::call(loop::Intrinsic::Minimum, {extent, one}, DType::Int64), {});
    last->reductionLoop = true;
    current().push_back(last);
    blocks_.push_back(&last->stmts);
    memo_.emplace_back();
    past = after(last->stmts, positionVar);
    last->stmts.push_back(loop::assign(
        position,
        loop::select(past, loop::binary(loop::BinaryOp::Add, positionVar, one), positionVar)));
    blocks_.pop_back();
    memo_.pop_back();
    depth_ = savedDepth;
    return positionVar;
}

/// numpy.flatnonzero as a stage of its own: one serial pass over the mask in C order that
/// appends the flat position of every true element (the buffer's length, the number of
/// true elements, was counted before).
Storage Lowering::lowerNonzero(const Node &n, const std::string &name) {
    const NodePtr &mask = n.operand();
    Storage s = allocate(n, name);
    std::string count = fresh("found");
    current().push_back(loop::decl(count, DType::Int64, loop::intImm(0), true));
    std::vector<StmtPtr> *body = &current();
    std::vector<ExprPtr> maskIdx;
    ExprPtr flat = loop::intImm(0);
    size_t depth = 0;
    for (const Dim &d : mask->type.shape) {
        ExprPtr extent = dimExpr(d);
        std::string v = loopVar(depth++);
        StmtPtr loop = loop::forLoop(v, extent, {});
        loop->reductionLoop = true; // the position written depends on earlier iterations
        if (depth == 1)
            loop->compactCounter = count;
        body->push_back(loop);
        body = &loop->stmts;
        ExprPtr iv = loop::var(v, DType::Int64);
        maskIdx.push_back(iv);
        flat = loop::binary(loop::BinaryOp::Add, loop::binary(loop::BinaryOp::Mul, flat, extent), iv);
    }
    blocks_.push_back(body);
    memo_.emplace_back();
    depth_ = depth;
    ExprPtr isTrue = scalarize(mask, maskIdx);
    ExprPtr countVar = loop::var(count, DType::Int64);
    std::vector<StmtPtr> then;
    then.push_back(loop::store(name, offset({countVar}, s.strides), flat));
    then.push_back(loop::assign(count, loop::binary(loop::BinaryOp::Add, countVar, loop::intImm(1))));
    // The count sized the buffer; never write past it, whatever the mask says now.
    ExprPtr room = loop::binary(loop::BinaryOp::Lt, countVar, dimExpr(n.type.shape[0]));
    body->push_back(loop::ifThen(loop::binary(loop::BinaryOp::And, isTrue, room), std::move(then)));
    blocks_.pop_back();
    memo_.pop_back();
    return s;
}

/// numpy.bincount: the bins zeroed (a parallel loop), then x's elements counted (or their
/// weights added) in x's order, one at a time: NumPy's sum order, so float sums round as
/// NumPy's do. The bin of each element is in range: the length was sized from x's maximum.
Storage Lowering::lowerBincount(const Node &n, const std::string &name) {
    checkExtents(n);
    Storage s = allocate(n, name);
    DType t = n.type.dtype;
    std::string zeroVar = loopVar(0);
    current().push_back(
        loop::forLoop(zeroVar, dimExpr(n.type.shape[0]),
                      {loop::store(name, offset({loop::var(zeroVar, DType::Int64)}, s.strides),
                                   loop::numberImm(0, t))}));
    const NodePtr &x = n.operand();
    std::string v = loopVar(0);
    StmtPtr loop = loop::forLoop(v, dimExpr(x->type.shape[0]), {});
    loop->reductionLoop = true; // elements may share a bin
    current().push_back(loop);
    blocks_.push_back(&loop->stmts);
    memo_.emplace_back();
    depth_ = 1;
    ExprPtr iv = loop::var(v, DType::Int64);
    std::string bin = fresh("bin");
    loop->stmts.push_back(loop::decl(bin, DType::Int64, scalarize(x, {iv})));
    ExprPtr added = n.operands.size() > 1 ? scalarize(n.operand(1), {iv}) : loop::numberImm(1, t);
    ExprPtr at = offset({loop::var(bin, DType::Int64)}, s.strides);
    loop->stmts.push_back(
        loop::store(name, at, loop::binary(loop::BinaryOp::Add, loop::load(name, at, t), added)));
    blocks_.pop_back();
    memo_.pop_back();
    return s;
}

/// Before a store through integer index arrays (`x[idx] = v`): each index array is
/// checked and wrapped into a buffer of its own, so that an out-of-bounds index raises
/// NumPy's IndexError before any element is written, as NumPy does. Returns true when the
/// target has such indices: they may repeat, so the store runs in order (NumPy: the last
/// write wins) instead of in parallel. The extent checks of the target's views (a mask's
/// shape against the array's) come first.
bool Lowering::prepareGatherTarget(const Node &target) {
    bool ordered = false;
    for (const Node *n = &target; n->kind == NodeKind::View || n->kind == NodeKind::Gather ||
                                  n->kind == NodeKind::Reshape;
         n = n->operand().get()) {
        checkExtents(*n);
        if (n->kind != NodeKind::Gather ||
            std::all_of(n->errorAxes.begin(), n->errorAxes.end(), [](int a) { return a < 0; }))
            continue;
        ordered = true;
        if (gatherIndices_.count(n))
            continue;
        std::vector<Storage> buffers;
        const Shape &indexShape = n->operand(1)->type.shape;
        for (size_t t = 0; t < n->axes.size(); ++t) {
            const Node &index = *n->operand(t + 1);
            Storage s = allocate(index, freshBuffer("index"));
            std::vector<StmtPtr> *body = &current();
            std::vector<ExprPtr> idx;
            for (size_t a = 0; a < indexShape.size(); ++a) {
                if (dimIsConst(indexShape[a], 1)) {
                    idx.push_back(loop::intImm(0));
                    continue;
                }
                std::string v = loopVar(a);
                StmtPtr loop = loop::forLoop(v, dimExpr(indexShape[a]), {});
                body->push_back(loop);
                body = &loop->stmts;
                idx.push_back(loop::var(v, DType::Int64));
            }
            blocks_.push_back(body);
            memo_.emplace_back();
            ExprPtr extent = dimExpr(n->operand()->type.shape[static_cast<size_t>(n->axes[t])]);
            ExprPtr checked = loop::call(loop::Intrinsic::CheckedIndex,
                                         {scalarize(n->operand(t + 1), idx), extent,
                                          loop::intImm(n->errorAxes[t])},
                                         DType::Int64);
            body->push_back(loop::store(s.name, offset(idx, s.strides), checked));
            blocks_.pop_back();
            memo_.pop_back();
            buffers.push_back(std::move(s));
        }
        gatherIndices_[n] = std::move(buffers);
    }
    return ordered;
}

} // namespace npc::passes::detail
