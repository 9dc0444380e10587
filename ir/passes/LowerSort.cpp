// Lower-to-loops: numpy.sort and numpy.argsort. A Sort is a stage of its own: the operand
// is copied into a buffer (with, for argsort, each element's position along the axis),
// then every line along the sorted axis is merge-sorted bottom-up, one line per
// iteration of the outer loops (which run in parallel: threads on the OpenMP target, GPU
// threads on the CUDA target; a single line merges its pairs of runs in parallel), its
// passes alternating between the buffer and a scratch one. Merging takes the left element unless
// the right one is strictly smaller, so equal values keep their order (NumPy's kind='stable'); NaNs
// order after every number, as in NumPy. With LoweringOptions::radixSort, lines long enough
// (kRadixMinLength for a single line, kRadixMinRowLength for lines of a wider array) are
// sorted by an LSD radix sort of the keys npc::sort_key gives (the same order, also stable)
// instead, each on one thread.
#include "ir/passes/LoweringState.h"

namespace npc::passes::detail {
namespace {

using loop::BinaryOp;

ExprPtr add(ExprPtr a, ExprPtr b) {
    return loop::binary(BinaryOp::Add, std::move(a), std::move(b));
}
ExprPtr mul(ExprPtr a, ExprPtr b) {
    return loop::binary(BinaryOp::Mul, std::move(a), std::move(b));
}
ExprPtr lt(ExprPtr a, ExprPtr b) {
    return loop::binary(BinaryOp::Lt, std::move(a), std::move(b));
}
ExprPtr minimum(ExprPtr a, ExprPtr b) {
    return loop::call(loop::Intrinsic::Minimum, {std::move(a), std::move(b)}, DType::Int64);
}
ExprPtr int64Var(const std::string &name) {
    return loop::var(name, DType::Int64);
}

/// `a` sorts before `b` (NumPy's order: a NaN after every number).
ExprPtr sortsBefore(const ExprPtr &a, const ExprPtr &b) {
    if (!isFloat(a->dtype))
        return lt(a, b);
    auto isNan = [](const ExprPtr &v) {
        return loop::call(loop::Intrinsic::IsNan, {v}, DType::Bool);
    };
    return loop::binary(
        BinaryOp::Or, lt(a, b),
        loop::binary(BinaryOp::And, isNan(b), loop::unary(loop::UnaryOp::Not, isNan(a))));
}

/// A loop whose iterations depend on each other (never split across threads or lanes).
StmtPtr sequential(const std::string &var, ExprPtr extent) {
    StmtPtr l = loop::forLoop(var, std::move(extent), {});
    l->reductionLoop = true;
    return l;
}

/// A single line this long or longer is radix-sorted (with LoweringOptions::radixSort):
/// below it, clearing and scanning the digit counts costs more than the merge passes.
constexpr int64_t kRadixMinLength = 2048;
/// The same for the lines of a wider array, sorted with 8-bit digits whose counts are an
/// array of each line's own (on the stack of the thread sorting it): on 4 M float64 in rows
/// of n, the radix sort takes about as long as the merge sort for n = 64, half as long for
/// n = 128 and a third for n = 2048.
constexpr int64_t kRadixMinRowLength = 128;

/// The digits of an LSD radix sort of `keyType`'s keys: an even number of passes, so that
/// the sorted line ends in the buffer it started in. `wide`: 11-bit digits for 8-byte keys
/// (six passes, counts of 96 KiB), for a single long line; else at most 8 bits.
struct RadixDigits {
    int bits;   ///< bits per digit
    int passes; ///< digits per key
    int64_t buckets() const { return int64_t{1} << bits; }
};
RadixDigits radixDigits(DType keyType, bool wide) {
    switch (keyType == DType::Bool ? 1 : itemSize(keyType)) {
    case 8:
        return wide ? RadixDigits{11, 6} : RadixDigits{8, 8};
    case 4:
        return {8, 4};
    case 2:
        return {8, 2};
    default:
        return {4, 2};
    }
}

/// One line's LSD radix sort, appended to `into`. The keys are in `keys` (and, for argsort,
/// their positions in `positions`; empty for numpy.sort) at `element(k)` for k < `length`;
/// `counts` is an int64 buffer of passes * buckets elements, or a lane array of them when
/// `laneCounts`. Each pass moves the line by one
/// digit, least significant first, between the buffers and their scratch ones, in order
/// within each digit (stable). `var` names the loops (all on one thread); `fresh` makes
/// variable names.
struct RadixSort {
    std::string keys, keyScratch, positions, positionScratch, counts;
    bool laneCounts;
    RadixDigits digits;
    std::function<ExprPtr(const ExprPtr &)> element;
    ExprPtr length;
    DType keyType;
    std::string var;
    std::function<std::string(const std::string &)> fresh;

    void emit(std::vector<StmtPtr> &into) const {
        const int64_t buckets = digits.buckets();
        auto loadCount = [&](const ExprPtr &at) {
            return laneCounts ? loop::laneVar(counts, DType::Int64, at)
                              : loop::load(counts, at, DType::Int64);
        };
        auto storeCount = [&](const ExprPtr &at, ExprPtr value) {
            return laneCounts ? loop::assignLane(counts, at, std::move(value))
                              : loop::store(counts, at, std::move(value));
        };
        auto countAt = [&](int pass, const ExprPtr &digit) {
            return add(loop::intImm(pass * buckets), digit);
        };
        auto digitOf = [&](const ExprPtr &key, int pass) {
            return loop::call(
                loop::Intrinsic::RadixDigit,
                {key, loop::intImm(int64_t{pass} * digits.bits), loop::intImm(digits.bits)},
                DType::Int64);
        };
        // Every digit's counts in one reading of the line.
        StmtPtr clear = sequential(var, loop::intImm(digits.passes * buckets));
        clear->stmts.push_back(storeCount(int64Var(var), loop::intImm(0)));
        into.push_back(clear);
        StmtPtr histogram = sequential(var, length);
        std::string key = fresh("key");
        histogram->stmts.push_back(
            loop::decl(key, keyType, loop::load(keys, element(int64Var(var)), keyType)));
        for (int pass = 0; pass < digits.passes; ++pass) {
            ExprPtr at = countAt(pass, digitOf(loop::var(key, keyType), pass));
            histogram->stmts.push_back(storeCount(at, add(loadCount(at), loop::intImm(1))));
        }
        into.push_back(histogram);
        // Counts become each digit value's first position (exclusive prefix sums).
        std::vector<std::string> totals;
        for (int pass = 0; pass < digits.passes; ++pass) {
            totals.push_back(fresh("total"));
            into.push_back(loop::decl(totals.back(), DType::Int64, loop::intImm(0), true));
        }
        StmtPtr scan = sequential(var, loop::intImm(buckets));
        for (int pass = 0; pass < digits.passes; ++pass) {
            std::string count = fresh("count");
            ExprPtr at = countAt(pass, int64Var(var));
            scan->stmts.push_back(loop::decl(count, DType::Int64, loadCount(at)));
            scan->stmts.push_back(storeCount(at, int64Var(totals[pass])));
            scan->stmts.push_back(
                loop::assign(totals[pass], add(int64Var(totals[pass]), int64Var(count))));
        }
        into.push_back(scan);
        // The passes, alternating between the buffers and the scratch ones.
        for (int pass = 0; pass < digits.passes; ++pass) {
            const bool back = pass % 2 == 1;
            const std::string &from = back ? keyScratch : keys, &to = back ? keys : keyScratch;
            StmtPtr move = sequential(var, length);
            std::string value = fresh("value"), position = fresh("position");
            ExprPtr at = element(int64Var(var));
            move->stmts.push_back(loop::decl(value, keyType, loop::load(from, at, keyType)));
            ExprPtr slot = countAt(pass, digitOf(loop::var(value, keyType), pass));
            move->stmts.push_back(loop::decl(position, DType::Int64, loadCount(slot)));
            move->stmts.push_back(storeCount(slot, add(int64Var(position), loop::intImm(1))));
            ExprPtr dest = element(int64Var(position));
            move->stmts.push_back(loop::store(to, dest, loop::var(value, keyType)));
            if (!positions.empty()) {
                const std::string &fromPositions = back ? positionScratch : positions,
                                  &toPositions = back ? positions : positionScratch;
                move->stmts.push_back(
                    loop::store(toPositions, dest, loop::load(fromPositions, at, DType::Int64)));
            }
            into.push_back(move);
        }
    }
};

} // namespace

Storage Lowering::lowerSort(const Node &n, const std::string &name) {
    const NodePtr &x = n.operand();
    const Shape &shape = x->type.shape;
    const auto axis = static_cast<size_t>(n.axis);
    DType keyType = x->type.dtype;
    Storage out = allocate(n, name);
    // One layout for every buffer (the same shape): one offset serves them all.
    Storage keys = n.positions ? allocate(*x, freshBuffer(name + "_keys")) : out;
    Storage keyScratch = allocate(*x, freshBuffer(name + "_merged"));
    Storage positionScratch = n.positions ? allocate(n, freshBuffer(name + "_moved")) : Storage{};

    // One line per iteration of the loops over the other axes (run in parallel).
    std::vector<ExprPtr> line(shape.size(), loop::intImm(0));
    size_t depth = 0;
    std::vector<StmtPtr> *body = loopNest(
        &current(), shape, [&](size_t a) { return a == axis; }, line, depth);
    ExprPtr length = dimExpr(shape[axis]);
    ExprPtr stride = keys.strides.at(axis);
    std::string base = fresh("line"), passes = fresh("passes"), width = fresh("width");
    body->push_back(loop::decl(base, DType::Int64, offset(line, keys.strides)));
    auto element = [&](const ExprPtr &k) { return add(int64Var(base), mul(k, stride)); };
    // The line's keys (and, for argsort, their positions along it) copied in.
    StmtPtr fill = loop::forLoop(loopVar(depth), length, {});
    body->push_back(fill);
    std::vector<ExprPtr> idx = line;
    idx[axis] = int64Var(fill->name);
    blocks_.push_back(&fill->stmts);
    memo_.emplace_back();
    depth_ = depth + 1;
    ExprPtr at = element(idx[axis]);
    fill->stmts.push_back(loop::store(keys.name, at, loop::cast(scalarize(x, idx), keyType)));
    if (n.positions)
        fill->stmts.push_back(loop::store(out.name, at, idx[axis]));
    blocks_.pop_back();
    memo_.pop_back();
    // A long line: a radix sort (on one thread), else the merge passes below.
    std::vector<StmtPtr> *merging = body;
    if (options_.radixSort) {
        const bool single = depth == 0;
        const RadixDigits digits = radixDigits(keyType, single);
        const int64_t size = digits.passes * digits.buckets();
        StmtPtr choice =
            loop::ifThen(loop::binary(BinaryOp::Ge, length,
                                      loop::intImm(single ? kRadixMinLength : kRadixMinRowLength)),
                         {}, {});
        std::string counts;
        if (single) { // one buffer, allocated on entry
            counts = freshBuffer(name + "_counts");
            out_.allocations.push_back(
                loop::Allocation{counts, DType::Int64, {dimConst(size)}, {loop::intImm(size)}});
        } else { // each line's own
            counts = fresh(name + "_counts");
            StmtPtr local = loop::decl(counts, DType::Int64, nullptr);
            local->lanes = static_cast<int>(size);
            choice->stmts.push_back(local);
        }
        RadixSort radix{keys.name,
                        keyScratch.name,
                        n.positions ? out.name : "",
                        positionScratch.name,
                        counts,
                        !single,
                        digits,
                        element,
                        length,
                        keyType,
                        loopVar(depth),
                        [&](const std::string &hint) { return fresh(hint); }};
        radix.emit(choice->stmts);
        body->push_back(choice);
        merging = &choice->orelse;
    }
    // ceil(log2(length)) passes, counted without a log.
    merging->push_back(loop::decl(passes, DType::Int64, loop::intImm(0), true));
    merging->push_back(loop::decl(width, DType::Int64, loop::intImm(1), true));
    StmtPtr count = sequential(loopVar(depth), loop::intImm(63));
    ExprPtr more = lt(int64Var(width), length);
    count->stmts.push_back(loop::assign(
        passes, add(int64Var(passes), loop::select(more, loop::intImm(1), loop::intImm(0)))));
    count->stmts.push_back(loop::assign(
        width, loop::select(more, mul(int64Var(width), loop::intImm(2)), int64Var(width))));
    merging->push_back(count);
    merging->push_back(loop::assign(width, loop::intImm(1)));

    // Passes in pairs: one merges the line's runs into the scratch buffers, the next merges
    // those back, so no pass copies. An odd last pass merges runs as long as the line:
    // a copy back.
    StmtPtr pass = sequential(
        loopVar(depth),
        loop::binary(BinaryOp::Div, add(int64Var(passes), loop::intImm(1)), loop::intImm(2)));
    // A single line (a 1-D sort) merges its pairs of runs in parallel within each pass: the
    // passes are then a serial loop around parallel ones (OpenMP threads; CUDA kernels
    // launched by the host once per pass), not one thread's work.
    if (depth == 0) {
        pass->reductionLoop = false;
        pass->serial = true;
    }
    merging->push_back(pass);
    ExprPtr last = loop::binary(BinaryOp::Sub, length, loop::intImm(1));
    // Merges runs of `runWidth` of the line in `from` (keys; positions) into `to`.
    auto mergePass = [&](const std::string &from, const std::string &fromPositions,
                         const std::string &to, const std::string &toPositions,
                         const ExprPtr &runWidth) {
        ExprPtr runs = mul(runWidth, loop::intImm(2));
        ExprPtr pairs = loop::binary(BinaryOp::Div, add(length, add(runs, loop::intImm(-1))), runs);
        StmtPtr merge = sequential(loopVar(depth + 1), pairs);
        merge->reductionLoop = depth != 0; // pairs of runs merge independently
        merge->work = length;
        pass->stmts.push_back(merge);
        std::string lo = fresh("lo"), mid = fresh("mid"), hi = fresh("hi"), i = fresh("i"),
                    j = fresh("j");
        merge->stmts.push_back(loop::decl(lo, DType::Int64, mul(int64Var(merge->name), runs)));
        merge->stmts.push_back(
            loop::decl(mid, DType::Int64, minimum(add(int64Var(lo), runWidth), length)));
        merge->stmts.push_back(
            loop::decl(hi, DType::Int64, minimum(add(int64Var(lo), runs), length)));
        merge->stmts.push_back(loop::decl(i, DType::Int64, int64Var(lo), true));
        merge->stmts.push_back(loop::decl(j, DType::Int64, int64Var(mid), true));
        StmtPtr step =
            sequential(loopVar(depth + 2), loop::binary(BinaryOp::Sub, int64Var(hi), int64Var(lo)));
        merge->stmts.push_back(step);
        // Reads clamped into the line: a run that is used up is not read.
        ExprPtr leftAt = element(minimum(int64Var(i), last));
        ExprPtr rightAt = element(minimum(int64Var(j), last));
        std::string left = fresh("left"), right = fresh("right"), takeLeft = fresh("take_left");
        step->stmts.push_back(loop::decl(left, keyType, loop::load(from, leftAt, keyType)));
        step->stmts.push_back(loop::decl(right, keyType, loop::load(from, rightAt, keyType)));
        ExprPtr rightDone = loop::binary(BinaryOp::Ge, int64Var(j), int64Var(hi));
        ExprPtr leftFirst =
            loop::binary(BinaryOp::Or, rightDone,
                         loop::unary(loop::UnaryOp::Not, sortsBefore(loop::var(right, keyType),
                                                                     loop::var(left, keyType))));
        step->stmts.push_back(
            loop::decl(takeLeft, DType::Bool,
                       loop::binary(BinaryOp::And, lt(int64Var(i), int64Var(mid)), leftFirst)));
        ExprPtr taken = loop::var(takeLeft, DType::Bool);
        ExprPtr at = element(add(int64Var(lo), int64Var(step->name)));
        step->stmts.push_back(loop::store(
            to, at, loop::select(taken, loop::var(left, keyType), loop::var(right, keyType))));
        if (n.positions)
            step->stmts.push_back(
                loop::store(toPositions, at,
                            loop::select(taken, loop::load(fromPositions, leftAt, DType::Int64),
                                         loop::load(fromPositions, rightAt, DType::Int64))));
        step->stmts.push_back(loop::assign(
            i, add(int64Var(i), loop::select(taken, loop::intImm(1), loop::intImm(0)))));
        step->stmts.push_back(loop::assign(
            j, add(int64Var(j), loop::select(taken, loop::intImm(0), loop::intImm(1)))));
    };
    mergePass(keys.name, out.name, keyScratch.name, positionScratch.name, int64Var(width));
    mergePass(keyScratch.name, positionScratch.name, keys.name, out.name,
              mul(int64Var(width), loop::intImm(2)));
    pass->stmts.push_back(loop::assign(width, mul(int64Var(width), loop::intImm(4))));
    return out;
}

} // namespace npc::passes::detail
