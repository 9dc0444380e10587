// Vectorization: inner loops over rows by `omp simd`, else outer loops by lane arrays
// (see Vectorize.h).
#include "ir/passes/Vectorize.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>

namespace npc::passes {
namespace {

using loop::Expr;
using loop::ExprKind;
using loop::ExprPtr;
using loop::Stmt;
using loop::StmtKind;
using loop::StmtPtr;

bool mentions(const ExprPtr &e, const std::set<std::string> &names) {
    if (!e)
        return false;
    if (e->kind == ExprKind::Var && e->args.empty() && names.count(e->name))
        return true;
    for (const ExprPtr &a : e->args)
        if (mentions(a, names))
            return true;
    return false;
}

/// `e` with the variables `lanes` names (scalars) read from their lane arrays at `lane`.
ExprPtr laneRead(const ExprPtr &e, const std::map<std::string, std::string> &lanes,
                 const ExprPtr &lane) {
    if (!e)
        return e;
    if (e->kind == ExprKind::Var && e->args.empty()) {
        auto it = lanes.find(e->name);
        return it == lanes.end() ? e : loop::laneVar(it->second, e->dtype, lane);
    }
    std::vector<ExprPtr> args;
    bool changed = false;
    for (const ExprPtr &a : e->args) {
        args.push_back(laneRead(a, lanes, lane));
        changed = changed || args.back() != a;
    }
    if (!changed)
        return e;
    auto copy = std::make_shared<loop::Expr>(*e);
    copy->args = std::move(args);
    return copy;
}

/// A name not yet in `names` (then reserved), starting from `hint`.
std::string freshName(std::set<std::string> &names, const std::string &hint) {
    std::string name = hint;
    for (int n = 2; names.count(name); ++n)
        name = hint + std::to_string(n);
    names.insert(name);
    return name;
}

/// An accumulator of an inner loop: `name = op(name, value)` (minimum/maximum) or
/// `name = name + value` (a whole-array float sum, `sum` set).
struct Accumulator {
    std::string name;
    DType dtype;
    loop::Intrinsic op;
    bool sum = false;

    /// `a` combined with `b` as the accumulator combines.
    ExprPtr combine(ExprPtr a, ExprPtr b) const {
        return sum ? loop::binary(loop::BinaryOp::Add, std::move(a), std::move(b))
                   : loop::call(op, {std::move(a), std::move(b)}, dtype);
    }
};

/// Inner-loop vectorization: a parallel loop over rows whose inner loops each run along
/// one row (elementwise, or a minimum/maximum reduction) keeps its rows on the threads and
/// runs each inner loop in SIMD lanes along the row, where an outer vectorization would
/// load lanes from different rows (strided gathers). Per-element results are unchanged:
/// elementwise iterations are independent, and minimum/maximum (NaN-propagating) give the
/// same value in any order. A whole-array float sum (the parallel loop's own reduction)
/// sums each row in lanes too: a summation order of its own, as the threads' partial sums
/// already are (NumPy's pairwise summation is another; results agree within rounding).
class InnerVectorizer {
public:
    InnerVectorizer(int lanes, std::set<std::string> &names) : lanes_(lanes), names_(names) {}

    /// True when every inner loop of parallel loop `p` can run in lanes and there is at
    /// least one. `cond` is then the run-time test that they are long enough to fill the
    /// lanes (null when their extents are constants that do).
    bool applies(const Stmt &p, ExprPtr &cond) {
        arg_ = p.argIndexVar.empty() ? nullptr : &p;
        sumVar_ = p.reductionOp == loop::BinaryOp::Add && !p.reductionCall ? p.reductionVar : "";
        std::set<std::string> inside = {p.name};
        loop::definedNames(p.stmts, inside);
        int loops = 0;
        std::set<std::string> seen;
        for (const StmtPtr &s : p.stmts) {
            switch (s->kind) {
            case StmtKind::Decl:
            case StmtKind::Assign:
            case StmtKind::Store:
            case StmtKind::Comment:
                break;
            case StmtKind::For: {
                std::vector<Accumulator> accs;
                bool ok = arg_ ? argVectorizable(*s) : vectorizable(*s, accs);
                if (!ok || mentions(s->extent, inside))
                    return false;
                ++loops;
                if (s->extent->kind == ExprKind::IntImm) {
                    if (s->extent->intValue < 2 * lanes_)
                        return false;
                    break;
                }
                if (!seen.insert(loop::str(s->extent)).second)
                    break;
                ExprPtr test =
                    loop::binary(loop::BinaryOp::Ge, s->extent, loop::intImm(2 * lanes_));
                cond = cond ? loop::binary(loop::BinaryOp::And, cond, test) : test;
                break;
            }
            default:
                return false;
            }
        }
        return loops > 0;
    }

    /// `p` with each inner loop vectorized (call after `applies`).
    StmtPtr run(const Stmt &p) {
        std::vector<StmtPtr> body;
        for (const StmtPtr &s : p.stmts) {
            if (s->kind != StmtKind::For) {
                body.push_back(s);
                continue;
            }
            std::vector<StmtPtr> inner;
            if (arg_) {
                inner = argReduction(*s);
            } else {
                std::vector<Accumulator> accs;
                vectorizable(*s, accs);
                inner = accs.empty() ? elementwise(*s) : reduction(*s, accs);
            }
            body.insert(body.end(), inner.begin(), inner.end());
        }
        StmtPtr out = loop::forLoop(p.name, p.extent, std::move(body));
        out->parallel = p.parallel;
        out->reductionLoop = p.reductionLoop;
        out->reductionVar = p.reductionVar;
        out->reductionOp = p.reductionOp;
        out->reductionCall = p.reductionCall;
        out->argIndexVar = p.argIndexVar;
        out->argValueVar = p.argValueVar;
        out->argMin = p.argMin;
        return out;
    }

private:
    /// An innermost loop whose iterations are independent but for minimum/maximum
    /// accumulators (`accs`), each writing its own elements and reading no element
    /// another iteration writes.
    bool vectorizable(const Stmt &l, std::vector<Accumulator> &accs) {
        // A minimum/maximum reduction loop (reductionCall) is handled as one below.
        if (l.parallel || l.serial || l.simd || (!l.reductionVar.empty() && !l.reductionCall))
            return false;
        std::set<std::string> local;
        std::map<std::string, std::string> stored; // buffer -> offset written
        std::set<std::string> varying = {l.name};  // the counter, and locals computed from it
        bool indexed = false;
        for (const StmtPtr &s : l.stmts) {
            switch (s->kind) {
            case StmtKind::Comment:
                break;
            case StmtKind::Decl:
                if (s->lanes)
                    return false;
                local.insert(s->name);
                if (mentions(s->value, varying))
                    varying.insert(s->name);
                break;
            case StmtKind::Assign: {
                if (s->offset)
                    return false;
                if (local.count(s->name))
                    break;
                const loop::Expr &v = *s->value;
                bool update = v.args.size() == 2 && v.args[0]->kind == ExprKind::Var &&
                              v.args[0]->args.empty() && v.args[0]->name == s->name &&
                              !mentions(v.args[1], {s->name});
                bool minmax = update && v.kind == ExprKind::Call &&
                              (v.intrinsic == loop::Intrinsic::Maximum ||
                               v.intrinsic == loop::Intrinsic::Minimum);
                bool sum = update && v.kind == ExprKind::Binary &&
                           v.binaryOp == loop::BinaryOp::Add && s->name == sumVar_ &&
                           (v.dtype == DType::Float32 || v.dtype == DType::Float64);
                if (!minmax && !sum)
                    return false;
                for (const Accumulator &a : accs)
                    if (a.name == s->name)
                        return false;
                accs.push_back({s->name, v.dtype, v.intrinsic, sum});
                break;
            }
            case StmtKind::Store: {
                // Each iteration writes its own element: no indirect (scattered) stores,
                // whose repeated indices must be written in order.
                bool indirect = false;
                loop::forEachExpr(s->offset, [&](const loop::Expr &e) {
                    indirect |= e.kind == ExprKind::Load;
                });
                if (indirect || !mentions(s->offset, varying))
                    return false;
                if (stored.count(s->name) && stored[s->name] != loop::str(s->offset))
                    return false;
                stored[s->name] = loop::str(s->offset);
                indexed = true;
                break;
            }
            default:
                return false;
            }
        }
        // Accumulators are read only by their own update.
        for (const Accumulator &a : accs) {
            int uses = 0;
            for (const StmtPtr &s : l.stmts) {
                loop::forEachExpr(s->value, [&](const loop::Expr &e) {
                    uses += e.kind == ExprKind::Var && e.name == a.name;
                });
                loop::forEachExpr(s->offset, [&](const loop::Expr &e) {
                    uses += e.kind == ExprKind::Var && e.name == a.name;
                });
            }
            if (uses != 1)
                return false;
        }
        // Loads of a buffer the loop writes must read the element the same iteration writes.
        bool ok = true;
        for (const StmtPtr &s : l.stmts)
            for (const ExprPtr &e : {s->value, s->offset})
                loop::forEachExpr(e, [&](const loop::Expr &x) {
                    if (x.kind != ExprKind::Load)
                        return;
                    indexed |= mentions(x.args[0], varying);
                    auto it = stored.find(x.name);
                    if (it != stored.end() && it->second != loop::str(x.args[0]))
                        ok = false;
                });
        return ok && indexed;
    }

    /// An inner loop of a whole-array argmin/argmax (arg_): it declares scalars and updates
    /// the running value and position, nothing else.
    bool argVectorizable(const Stmt &l) const {
        if (l.parallel || l.serial || l.simd || !l.reductionVar.empty())
            return false;
        int value = 0, position = 0;
        for (const StmtPtr &s : l.stmts) {
            if (s->kind == StmtKind::Comment)
                continue;
            if (s->kind == StmtKind::Decl && !s->lanes && s->value)
                continue;
            if (s->kind != StmtKind::Assign || s->offset)
                return false;
            value += s->name == arg_->argValueVar;
            position += s->name == arg_->argIndexVar;
            if (s->name != arg_->argValueVar && s->name != arg_->argIndexVar)
                return false;
        }
        return value == 1 && position == 1;
    }

    /// Lane-wise running (value, position) pairs of an argmin/argmax, each the first
    /// extreme of its lane's elements, combined after the loop by npc::arg_better, which
    /// orders pairs as NumPy's rule does (the first NaN, else the extreme, ties to the
    /// smaller position): the result is the serial loop's whatever the lanes. The lane body
    /// reads and updates the lanes' value and position; the combination is
    ///   if arg_better(value_lanes[lane], position_lanes[lane], value, position)
    ///       { value = value_lanes[lane]; position = position_lanes[lane] }
    std::vector<StmtPtr> argReduction(const Stmt &l) {
        const std::string &value = arg_->argValueVar, &position = arg_->argIndexVar;
        DType valueType = DType::Float64;
        for (const StmtPtr &s : l.stmts)
            if (s->kind == StmtKind::Assign && s->name == value)
                valueType = s->value->dtype;
        auto laneStmt = [](const StmtPtr &s, const LaneArrays &lanes, const ExprPtr &lane) {
            if (s->kind == StmtKind::Decl)
                return loop::decl(s->name, s->dtype, laneRead(s->value, lanes, lane),
                                  s->mutableVar);
            if (s->kind == StmtKind::Assign)
                return loop::assignLane(lanes.at(s->name), lane, laneRead(s->value, lanes, lane));
            return s;
        };
        auto combine = [&](const LaneArrays &lanes, const ExprPtr &lane) {
            ExprPtr v = loop::laneVar(lanes.at(value), valueType, lane);
            ExprPtr p = loop::laneVar(lanes.at(position), DType::Int64, lane);
            ExprPtr better = loop::call(
                arg_->argMin ? loop::Intrinsic::ArgMinBetter : loop::Intrinsic::ArgMaxBetter,
                {v, p, loop::var(value, valueType), loop::var(position, DType::Int64)},
                DType::Bool);
            return std::vector<StmtPtr>{loop::ifThen(
                better, {loop::assign(value, v), loop::assign(position, p)})};
        };
        return laneReduction(l,
                             {{value, valueType, loop::var(value, valueType)},
                              {position, DType::Int64, loop::var(position, DType::Int64)}},
                             laneStmt, combine);
    }

    /// Independent iterations: the loop itself becomes `omp simd`.
    std::vector<StmtPtr> elementwise(const Stmt &l) {
        StmtPtr out = loop::forLoop(l.name, l.extent, l.stmts);
        out->simd = true;
        return {out};
    }

    /// Lane-wise partial minima/maxima or sums (`acc = op(acc, value)` becomes
    /// `acc_lanes[lane] = op(acc_lanes[lane], value)`), combined in lane order after the loop
    /// (`acc = op(acc, acc_lanes[lane])`). Minima/maxima start every lane from the
    /// accumulator's value, which is exact (op(a, a) == a); sums start them from 0.
    std::vector<StmtPtr> reduction(const Stmt &l, const std::vector<Accumulator> &accs) {
        std::map<std::string, Accumulator> byName;
        std::vector<LaneInit> inits;
        for (const Accumulator &a : accs) {
            byName.emplace(a.name, a);
            inits.push_back({a.name, a.dtype,
                             a.sum ? loop::floatImm(0.0, a.dtype) : loop::var(a.name, a.dtype)});
        }
        auto laneStmt = [&](const StmtPtr &s, const LaneArrays &lanes, const ExprPtr &lane) {
            auto it = s->kind == StmtKind::Assign ? lanes.find(s->name) : lanes.end();
            if (it == lanes.end())
                return s;
            ExprPtr elem = loop::laneVar(it->second, s->value->dtype, lane);
            return loop::assignLane(it->second, lane,
                                    byName.at(s->name).combine(elem, s->value->args[1]));
        };
        auto combine = [&](const LaneArrays &lanes, const ExprPtr &lane) {
            std::vector<StmtPtr> out;
            for (const Accumulator &a : accs)
                out.push_back(loop::assign(
                    a.name, a.combine(loop::var(a.name, a.dtype),
                                      loop::laneVar(lanes.at(a.name), a.dtype, lane))));
            return out;
        };
        return laneReduction(l, inits, laneStmt, combine);
    }

    /// Accumulator name -> the name of its lane array.
    using LaneArrays = std::map<std::string, std::string>;

    /// An accumulator given a lane array, and the value its lanes start from.
    struct LaneInit {
        std::string name;
        DType dtype;
        ExprPtr init;
    };

    /// A lane-wise reduction of inner loop `l` into the accumulators `accs`, each given a
    /// lane array (`laneStmt` rewrites a statement of the body for one lane, `combine` folds
    /// one lane into the accumulators):
    ///   var acc_lanes[lanes]; simd for lane { acc_lanes[lane] = init }
    ///   for k_block in 0..N / lanes { simd for lane { let k = k_block * lanes + lane;
    ///                                                 laneStmt(body) } }
    ///   for lane in 0..lanes { combine(lane) }
    ///   for k_rest in 0..N - N / lanes * lanes { let k = N / lanes * lanes + k_rest; body }
    std::vector<StmtPtr> laneReduction(
        const Stmt &l, const std::vector<LaneInit> &accs,
        const std::function<StmtPtr(const StmtPtr &, const LaneArrays &, const ExprPtr &)>
            &laneStmt,
        const std::function<std::vector<StmtPtr>(const LaneArrays &, const ExprPtr &)> &combine) {
        std::string lane = freshName(names_, "lane");
        std::string blockVar = freshName(names_, l.name + "_block");
        std::string rest = freshName(names_, l.name + "_rest");
        ExprPtr laneIdx = loop::var(lane, DType::Int64);
        ExprPtr w = loop::intImm(lanes_);
        // A constant extent (a sum's chunk) gives constant block and rest counts.
        std::optional<int64_t> extent;
        if (l.extent->kind == ExprKind::IntImm)
            extent = l.extent->intValue;
        ExprPtr blocks = extent ? loop::intImm(*extent / lanes_)
                                : loop::binary(loop::BinaryOp::Div, l.extent, w);
        ExprPtr done = extent ? loop::intImm(*extent / lanes_ * lanes_)
                              : loop::binary(loop::BinaryOp::Mul, blocks, w);
        LaneArrays lanes;
        std::vector<StmtPtr> out, init;
        for (const LaneInit &acc : accs) {
            std::string arr = freshName(names_, acc.name + "_lanes");
            lanes[acc.name] = arr;
            StmtPtr d = loop::decl(arr, acc.dtype, nullptr, true);
            d->lanes = lanes_;
            out.push_back(d);
            init.push_back(loop::assignLane(arr, laneIdx, acc.init));
        }
        StmtPtr initLoop = loop::forLoop(lane, w, std::move(init));
        initLoop->simd = true;
        out.push_back(initLoop);

        std::vector<StmtPtr> laneBody = {loop::decl(
            l.name, DType::Int64,
            loop::binary(loop::BinaryOp::Add,
                         loop::binary(loop::BinaryOp::Mul, loop::var(blockVar, DType::Int64), w),
                         laneIdx))};
        for (const StmtPtr &s : l.stmts)
            laneBody.push_back(laneStmt(s, lanes, laneIdx));
        StmtPtr lanesLoop = loop::forLoop(lane, w, std::move(laneBody));
        lanesLoop->simd = true;
        StmtPtr blockLoop = loop::forLoop(blockVar, blocks, {lanesLoop});
        blockLoop->reductionLoop = true;
        out.push_back(blockLoop);

        StmtPtr combineLoop = loop::forLoop(lane, w, combine(lanes, laneIdx));
        combineLoop->reductionLoop = true;
        out.push_back(combineLoop);
        if (extent && *extent % lanes_ == 0)
            return out;

        std::vector<StmtPtr> restBody = {loop::decl(
            l.name, DType::Int64,
            loop::binary(loop::BinaryOp::Add, done, loop::var(rest, DType::Int64)))};
        restBody.insert(restBody.end(), l.stmts.begin(), l.stmts.end());
        StmtPtr restLoop =
            loop::forLoop(rest, loop::binary(loop::BinaryOp::Sub, l.extent, done), restBody);
        restLoop->reductionLoop = true;
        out.push_back(restLoop);
        return out;
    }

    int lanes_;
    std::set<std::string> &names_;
    const Stmt *arg_ = nullptr; ///< the argmin/argmax loop being vectorized, if any
    std::string sumVar_;        ///< the whole-array sum being vectorized, if any
};

class LoopVectorizer {
public:
    LoopVectorizer(const Stmt &loop, int lanes, std::set<std::string> &names)
        : loop_(loop), lanes_(lanes), names_(names) {}

    /// The replacement statements, or nothing if the loop cannot be vectorized.
    std::vector<StmtPtr> run() {
        varying_ = {loop_.name};
        if (!analyze())
            return {};
        lane_ = fresh("lane");
        block_ = fresh(loop_.name + "_block");
        ExprPtr extent = loop_.extent;
        ExprPtr w = loop::intImm(lanes_);
        ExprPtr blocks = loop::binary(loop::BinaryOp::Div, extent, w);
        ExprPtr done = loop::binary(loop::BinaryOp::Mul, blocks, w);

        StmtPtr vector = loop::forLoop(block_, blocks, rewriteBlock(loop_.stmts));
        vector->parallel = true;
        std::string rest = fresh(loop_.name + "_rest");
        std::vector<StmtPtr> restBody = {loop::decl(
            loop_.name, DType::Int64,
            loop::binary(loop::BinaryOp::Add, done, loop::var(rest, DType::Int64)))};
        restBody.insert(restBody.end(), loop_.stmts.begin(), loop_.stmts.end());
        StmtPtr remainder =
            loop::forLoop(rest, loop::binary(loop::BinaryOp::Sub, extent, done), restBody);
        return {vector, remainder};
    }

private:
    std::string fresh(const std::string &hint) {
        std::string name = hint;
        for (int n = 2; names_.count(name); ++n)
            name = hint + std::to_string(n);
        names_.insert(name);
        return name;
    }

    /// Finds the variables whose values differ between iterations (a fixpoint: an
    /// accumulator initialised to 0 becomes varying when a varying value is added to it),
    /// and checks the body has only statements this pass can rewrite.
    bool analyze() {
        // Too few iterations to fill the lanes, or a body that ignores the index.
        if (loop_.extent->kind == ExprKind::IntImm && loop_.extent->intValue < 2 * lanes_)
            return false;
        bool ok = true;
        bool changed = true;
        std::function<void(const std::vector<StmtPtr> &)> visit = [&](const std::vector<StmtPtr> &stmts) {
            for (const StmtPtr &s : stmts) {
                switch (s->kind) {
                case StmtKind::Decl:
                case StmtKind::Assign:
                    if (!varying_.count(s->name) && mentions(s->value, varying_)) {
                        varying_.insert(s->name);
                        changed = true;
                    }
                    break;
                case StmtKind::For:
                    if (mentions(s->extent, varying_) || s->parallel)
                        ok = false;
                    visit(s->stmts);
                    break;
                case StmtKind::Store:
                    // Each lane must write its own element.
                    if (!mentions(s->offset, {loop_.name}))
                        ok = false;
                    break;
                case StmtKind::Comment:
                    break;
                case StmtKind::Block:
                case StmtKind::If:
                case StmtKind::Throw:
                case StmtKind::While:
                case StmtKind::Break:
                case StmtKind::Continue:
                case StmtKind::Return:
                case StmtKind::Alloc:
                case StmtKind::Snapshot:
                    ok = false;
                    break;
                }
            }
        };
        while (ok && changed) {
            changed = false;
            visit(loop_.stmts);
        }
        return ok;
    }

    ExprPtr rewrite(const ExprPtr &e) {
        if (!e)
            return e;
        if (e->kind == ExprKind::Var && e->args.empty()) {
            ExprPtr lane = loop::var(lane_, DType::Int64);
            if (e->name == loop_.name)
                return loop::binary(loop::BinaryOp::Add,
                                    loop::binary(loop::BinaryOp::Mul, loop::var(block_, DType::Int64),
                                                 loop::intImm(lanes_)),
                                    lane);
            if (varying_.count(e->name))
                return loop::laneVar(e->name, e->dtype, lane);
            return e;
        }
        if (e->args.empty())
            return e;
        auto copy = std::make_shared<loop::Expr>(*e);
        for (ExprPtr &a : copy->args)
            a = rewrite(a);
        return copy;
    }

    /// Rewrites one block: runs of lane statements share one `simd for lane` loop; the
    /// lane arrays they define are declared before it.
    std::vector<StmtPtr> rewriteBlock(const std::vector<StmtPtr> &stmts) {
        std::vector<StmtPtr> out, group;
        auto flush = [&] {
            if (group.empty())
                return;
            StmtPtr lanes = loop::forLoop(lane_, loop::intImm(lanes_), std::move(group));
            lanes->simd = true;
            out.push_back(lanes);
            group.clear();
        };
        ExprPtr lane = loop::var(lane_, DType::Int64);
        for (const StmtPtr &s : stmts) {
            bool isVarying = varying_.count(s->name) > 0;
            switch (s->kind) {
            case StmtKind::Decl:
                if (!isVarying) {
                    flush();
                    out.push_back(s);
                    break;
                }
                out.push_back(arrayDecl(*s));
                if (s->value)
                    group.push_back(loop::assignLane(s->name, lane, rewrite(s->value)));
                break;
            case StmtKind::Assign:
                if (!isVarying) {
                    flush();
                    out.push_back(s);
                    break;
                }
                group.push_back(loop::assignLane(s->name, lane, rewrite(s->value)));
                break;
            case StmtKind::Store:
                group.push_back(loop::store(s->name, rewrite(s->offset), rewrite(s->value)));
                break;
            case StmtKind::For: {
                flush();
                StmtPtr inner = loop::forLoop(s->name, s->extent, rewriteBlock(s->stmts));
                inner->reductionLoop = s->reductionLoop;
                out.push_back(inner);
                break;
            }
            default:
                flush();
                out.push_back(s);
                break;
            }
        }
        flush();
        return out;
    }

    StmtPtr arrayDecl(const Stmt &s) {
        StmtPtr d = loop::decl(s.name, s.dtype, nullptr, true);
        d->lanes = lanes_;
        return d;
    }

    const Stmt &loop_;
    int lanes_;
    std::set<std::string> &names_;
    std::set<std::string> varying_;
    std::string lane_, block_;
};

/// Elements per chunk of a chunked 1-D sum (16 KiB of float64).
constexpr int64_t kSumChunk = 2048;

/// True for a 1-D whole-array sum: `parallel for i reduce(+:acc) { body }` with no loop
/// in `body`.
bool oneDimensionalSum(const Stmt &s) {
    return s.kind == StmtKind::For && s.parallel && !s.reductionVar.empty() &&
           s.reductionOp == loop::BinaryOp::Add && !s.reductionCall && s.argIndexVar.empty() &&
           std::all_of(s.stmts.begin(), s.stmts.end(), [](const StmtPtr &b) {
               return b->kind == StmtKind::Decl || b->kind == StmtKind::Assign ||
                      b->kind == StmtKind::Comment;
           });
}

/// A 1-D whole-array sum (oneDimensionalSum) as chunks of kSumChunk elements whose inner
/// loops the InnerVectorizer can sum in lanes:
///   parallel for i_chunk in 0..N / C reduce(+:acc) {
///       for i_k in 0..C { let i = i_chunk * C + i_k; body } }
///   for i_rest in 0..N - N / C * C { let i = N / C * C + i_rest; body }
std::pair<StmtPtr, StmtPtr> sumChunks(const Stmt &s, std::set<std::string> &names) {
    NPC_ASSERT(oneDimensionalSum(s), "chunks of a loop that is not a 1-D sum");
    std::string chunk = freshName(names, s.name + "_chunk");
    std::string k = freshName(names, s.name + "_k");
    std::string rest = freshName(names, s.name + "_rest");
    ExprPtr c = loop::intImm(kSumChunk);
    ExprPtr chunks = loop::binary(loop::BinaryOp::Div, s.extent, c);
    ExprPtr done = loop::binary(loop::BinaryOp::Mul, chunks, c);
    auto body = [&](ExprPtr index) {
        std::vector<StmtPtr> out = {loop::decl(s.name, DType::Int64, std::move(index))};
        out.insert(out.end(), s.stmts.begin(), s.stmts.end());
        return out;
    };
    StmtPtr inner = loop::forLoop(
        k, c,
        body(loop::binary(loop::BinaryOp::Add,
                          loop::binary(loop::BinaryOp::Mul, loop::var(chunk, DType::Int64), c),
                          loop::var(k, DType::Int64))));
    StmtPtr outer = loop::forLoop(chunk, chunks, {inner});
    outer->parallel = true;
    outer->reductionLoop = s.reductionLoop;
    outer->reductionVar = s.reductionVar;
    outer->reductionOp = s.reductionOp;
    StmtPtr tail =
        loop::forLoop(rest, loop::binary(loop::BinaryOp::Sub, s.extent, done),
                      body(loop::binary(loop::BinaryOp::Add, done, loop::var(rest, DType::Int64))));
    tail->reductionLoop = true;
    return {outer, tail};
}

} // namespace

/// The factor `v` is multiplied by in `offset`, a sum of products (`j * x_s0 + i * x_s1`):
/// 1 for a bare `v`, null where `v` is not such a term.
ExprPtr coefficient(const ExprPtr &offset, const std::string &v) {
    if (offset->kind == ExprKind::Var && offset->args.empty() && offset->name == v)
        return loop::intImm(1);
    if (offset->kind != ExprKind::Binary)
        return nullptr;
    const ExprPtr &a = offset->args[0], &b = offset->args[1];
    if (offset->binaryOp == loop::BinaryOp::Add) {
        ExprPtr c = coefficient(a, v);
        return c ? c : coefficient(b, v);
    }
    auto isV = [&](const ExprPtr &e) {
        return e->kind == ExprKind::Var && e->args.empty() && e->name == v;
    };
    if (offset->binaryOp == loop::BinaryOp::Mul)
        return isV(a) ? b : isV(b) ? a : nullptr;
    return nullptr;
}

/// Where a stride puts an axis in C order: the axis of an argument's stride `x_s<k>`, above
/// every axis for the unit stride; -1 when unknown.
int strideRank(const ExprPtr &stride) {
    if (loop::isIntImm(stride, 1))
        return std::numeric_limits<int>::max();
    if (stride->kind != ExprKind::Var || !stride->args.empty())
        return -1;
    size_t at = stride->name.rfind("_s");
    if (at == std::string::npos || at + 2 >= stride->name.size() ||
        !std::all_of(stride->name.begin() + static_cast<std::ptrdiff_t>(at) + 2, stride->name.end(),
                     [](char c) { return std::isdigit(c); }))
        return -1;
    return std::stoi(stride->name.substr(at + 2));
}

/// True when parallel loop `p` walks more of the arrays its inner loops read and write
/// along a later axis (in C order, so nearer in memory) than the inner loops do
/// (`x.max(axis=0)`: `p` over columns, the inner loop down a column): lanes across `p`'s
/// iterations then access neighbouring elements where lanes along the inner loops would
/// be a row apart.
bool outerLanesContiguous(const Stmt &p) {
    int outer = 0, inner = 0;
    auto vote = [&](const ExprPtr &offset, const std::string &var) {
        ExprPtr in = coefficient(offset, var), out = coefficient(offset, p.name);
        if (!in || !out || strideRank(in) < 0 || strideRank(out) < 0)
            return;
        outer += strideRank(out) > strideRank(in);
        inner += strideRank(in) > strideRank(out);
    };
    std::function<void(const std::vector<StmtPtr> &, const std::string &)> stores =
        [&](const std::vector<StmtPtr> &stmts, const std::string &var) {
            for (const StmtPtr &s : stmts) {
                if (s->kind == StmtKind::Store)
                    vote(s->offset, var);
                stores(s->stmts, var);
                stores(s->orelse, var);
            }
        };
    for (const StmtPtr &s : p.stmts) {
        if (s->kind != StmtKind::For)
            continue;
        stores(s->stmts, s->name);
        loop::forEachExpr(s->stmts, [&](const Expr &e) {
            if (e.kind == ExprKind::Load)
                vote(e.args[0], s->name);
        });
    }
    return outer > inner;
}

/// Lanes in a block of a loop whose lanes walk across the rows its inner loops walk down
/// (outerLanesContiguous): each pass down the rows then reads this many neighbouring
/// elements of every row instead of `lanes` (`x.sum(axis=0)` of 5000 x 5000 float64:
/// 0.028 s -> 0.0125 s with 64; a pass per 8 columns missed the TLB on every row).
constexpr int kWideBlock = 8;

/// `s` (a parallel loop whose lanes read contiguous elements, with inner loops) over its
/// first N / W * W iterations in blocks of W = lanes * kWideBlock lanes, then over the
/// rest as LoopVectorizer does with `lanes`. Empty when it cannot be vectorized.
std::vector<StmtPtr> wideBlocks(const Stmt &s, int lanes, std::set<std::string> &names) {
    const int wide = lanes * kWideBlock;
    if (s.extent->kind == ExprKind::IntImm && s.extent->intValue < 2 * wide)
        return {}; // too few for a wide block
    ExprPtr w = loop::intImm(wide);
    std::string doneName = freshName(names, s.name + "_wide");
    ExprPtr done = loop::var(doneName, DType::Int64);
    auto head = std::make_shared<Stmt>(s);
    head->extent = done;
    std::vector<StmtPtr> out = LoopVectorizer(*head, wide, names).run();
    if (out.empty())
        return {};
    out.pop_back(); // its remainder: none, as `done` is a multiple of the block
    std::string index = freshName(names, s.name + "_tail");
    ExprPtr shifted = loop::binary(loop::BinaryOp::Add, loop::var(index, DType::Int64), done);
    StmtPtr tail = loop::rewritten(std::make_shared<Stmt>(s), [&](Expr &e) {
        if (e.kind == ExprKind::Var && e.args.empty() && e.name == s.name)
            e = *shifted;
    });
    tail->name = index;
    tail->extent = loop::binary(loop::BinaryOp::Sub, s.extent, done);
    std::vector<StmtPtr> rest = LoopVectorizer(*tail, lanes, names).run();
    if (rest.empty())
        rest = {tail};
    out.insert(out.begin(),
               loop::decl(doneName, DType::Int64,
                          loop::binary(loop::BinaryOp::Mul,
                                       loop::binary(loop::BinaryOp::Div, s.extent, w), w)));
    out.insert(out.end(), rest.begin(), rest.end());
    return out;
}

/// Vectorizes the parallel loops of `stmts`, looking through Python's control flow.
void vectorizeBlock(std::vector<StmtPtr> &stmts, int lanes, std::set<std::string> &names) {
    std::vector<StmtPtr> body;
    for (const StmtPtr &s : stmts) {
        if (s->kind == StmtKind::While || s->kind == StmtKind::If ||
            (s->kind == StmtKind::For && s->serial)) {
            vectorizeBlock(s->stmts, lanes, names);
            vectorizeBlock(s->orelse, lanes, names);
            body.push_back(s);
            continue;
        }
        bool candidate = s->kind == StmtKind::For && s->parallel && s->reductionVar.empty() &&
                         s->argIndexVar.empty();
        // A whole-array minimum/maximum or argmin/argmax: its rows' inner loops keep
        // lane-wise partial extrema (exact in any order) or (value, position) pairs
        // (combined by NumPy's order), folded into the thread's accumulator.
        bool extremum = s->kind == StmtKind::For && s->parallel &&
                        (s->reductionCall.has_value() || !s->argIndexVar.empty() ||
                         (s->reductionOp == loop::BinaryOp::Add && !s->reductionVar.empty()));
        // A 1-D float sum: chunks summed in lanes (names reserved only if it applies).
        if (oneDimensionalSum(*s)) {
            std::set<std::string> trial = names;
            auto [chunked, tail] = sumChunks(*s, trial);
            InnerVectorizer sums(lanes, trial);
            ExprPtr fits;
            if (sums.applies(*chunked, fits) && !fits) {
                body.push_back(sums.run(*chunked));
                body.push_back(tail);
                names = std::move(trial);
                continue;
            }
        }
        std::vector<StmtPtr> replacement;
        ExprPtr longRows;
        InnerVectorizer inner(lanes, names);
        // Inner lanes, unless the outer loop's lanes read contiguous elements where the
        // inner ones would read with a row's stride.
        if ((candidate || extremum) && !(candidate && outerLanesContiguous(*s)) &&
            inner.applies(*s, longRows)) {
            // Rows too short to fill the lanes run in groups of rows instead.
            StmtPtr rows = inner.run(*s);
            if (longRows) {
                std::vector<StmtPtr> outer;
                if (candidate)
                    outer = LoopVectorizer(*s, lanes, names).run();
                if (outer.empty())
                    outer = {s};
                rows = loop::ifThen(longRows, {rows}, std::move(outer));
            }
            body.push_back(rows);
            continue;
        }
        if (candidate && outerLanesContiguous(*s))
            replacement = wideBlocks(*s, lanes, names);
        if (candidate && replacement.empty())
            replacement = LoopVectorizer(*s, lanes, names).run();
        if (replacement.empty())
            body.push_back(s);
        else
            body.insert(body.end(), replacement.begin(), replacement.end());
    }
    stmts = std::move(body);
}

void vectorize(loop::Function &f, int lanes) {
    std::set<std::string> names;
    loop::definedNames(f.body, names);
    loop::definedNames(f.prologue, names);
    for (const loop::Param &p : f.params)
        names.insert(p.name);
    vectorizeBlock(f.body, lanes, names);
}

} // namespace npc::passes
