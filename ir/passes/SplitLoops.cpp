// Index-set splitting of loops at the bounds of their selects (see SplitLoops.h).
#include "ir/passes/SplitLoops.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <optional>

namespace npc::passes {
namespace {

using loop::BinaryOp;
using loop::Expr;
using loop::ExprKind;
using loop::ExprPtr;
using loop::Stmt;
using loop::StmtKind;
using loop::StmtPtr;

/// True when evaluating `e` has no effect besides its value (no index check).
bool pure(const ExprPtr &e) {
    bool ok = true;
    loop::forEachExpr(e, [&](const Expr &x) {
        ok &= !(x.kind == ExprKind::Call && (x.intrinsic == loop::Intrinsic::CheckedIndex ||
                                             x.intrinsic == loop::Intrinsic::Then));
    });
    return ok;
}

/// Removes from `stmts`, at every depth, the constant declarations of pure values that
/// nothing in `loop` reads any more (hoisted parts of the choice the loop no longer makes).
void removeDeadDecls(const StmtPtr &loop) {
    for (bool changed = true; changed;) {
        std::set<std::string> read;
        loop::forEachExpr(loop->stmts, [&](const Expr &x) {
            if (x.kind == ExprKind::Var)
                read.insert(x.name);
        });
        changed = false;
        std::function<void(std::vector<StmtPtr> &)> prune = [&](std::vector<StmtPtr> &stmts) {
            auto dead = [&](const StmtPtr &s) {
                return s->kind == StmtKind::Decl && !s->mutableVar && s->lanes == 0 &&
                       !read.count(s->name) && (!s->value || pure(s->value));
            };
            auto end = std::remove_if(stmts.begin(), stmts.end(), dead);
            changed |= end != stmts.end();
            stmts.erase(end, stmts.end());
            for (const StmtPtr &s : stmts) {
                prune(s->stmts);
                prune(s->orelse);
            }
        };
        prune(loop->stmts);
    }
}

/// A loop's array loops only: Python's loops, reductions (whose nests the later passes
/// combine across threads as they are) and compactions stay whole.
bool splittable(const Stmt &s) {
    return s.kind == StmtKind::For && !s.serial && !s.reductionLoop && s.reductionVar.empty() &&
           s.argIndexVar.empty() && s.compactCounter.empty();
}

/// Where a loop splits: the selects whose condition is `cond` choose their `then` value
/// exactly where the loop's index is below `at` (an invariant of the loop).
struct SplitPoint {
    ExprPtr cond;
    ExprPtr at;
};

class Splitter {
public:
    explicit Splitter(std::set<std::string> used) : used_(std::move(used)) {}

    /// Splits the loops of `stmts` (and of the statements nested in them) in place.
    void block(std::vector<StmtPtr> &stmts) {
        for (size_t k = 0; k < stmts.size(); ++k) {
            const StmtPtr s = stmts[k];
            if (s->kind == StmtKind::For && !splittable(*s) && !s->serial)
                continue; // a reduction's or compaction's nest
            if (splittable(*s)) {
                if (std::optional<SplitPoint> point = findSplit(*s)) {
                    std::vector<StmtPtr> parts = split(*s, *point);
                    stmts.erase(stmts.begin() + static_cast<std::ptrdiff_t>(k));
                    stmts.insert(stmts.begin() + static_cast<std::ptrdiff_t>(k), parts.begin(),
                                 parts.end());
                    continue; // the next statement is the first part: it may split again
                }
            }
            block(s->stmts);
            block(s->orelse);
        }
    }

private:
    std::string fresh(const std::string &base) {
        std::string name = base;
        for (int n = 2; used_.count(name); ++n)
            name = fmt::format("{}{}", base, n);
        used_.insert(name);
        return name;
    }

    /// The first select in `loop`'s body that compares its index, alone or plus an
    /// invariant, with an invariant bound.
    static std::optional<SplitPoint> findSplit(const Stmt &loop) {
        std::set<std::string> varying{loop.name};
        loop::definedNames(loop.stmts, varying);
        auto invariant = [&](const ExprPtr &e) {
            bool ok = pure(e);
            loop::forEachExpr(e, [&](const Expr &x) {
                ok &=
                    x.kind != ExprKind::Load && !(x.kind == ExprKind::Var && varying.count(x.name));
            });
            return ok;
        };
        auto isIndex = [&](const ExprPtr &e) {
            return e->kind == ExprKind::Var && e->args.empty() && e->name == loop.name;
        };
        std::optional<SplitPoint> found;
        loop::forEachExpr(loop.stmts, [&](const Expr &e) {
            if (found || e.kind != ExprKind::Select)
                return;
            const ExprPtr &cond = e.args[0];
            if (cond->kind != ExprKind::Binary || cond->binaryOp != BinaryOp::Lt ||
                !invariant(cond->args[1]))
                return;
            const ExprPtr &lhs = cond->args[0];
            if (isIndex(lhs)) {
                found = SplitPoint{cond, cond->args[1]};
            } else if (lhs->kind == ExprKind::Binary && lhs->binaryOp == BinaryOp::Add) {
                for (int side = 0; side < 2 && !found; ++side)
                    if (isIndex(lhs->args[static_cast<size_t>(side)]) &&
                        invariant(lhs->args[static_cast<size_t>(1 - side)]))
                        found = SplitPoint{cond,
                                           loop::binary(BinaryOp::Sub, cond->args[1],
                                                        lhs->args[static_cast<size_t>(1 - side)])};
            }
        });
        return found;
    }

    /// `split = clamp(at, 0, n)`, the loop over [0, split) choosing `then`, and the loop
    /// over [split, n) (a fresh index from 0) choosing `else`.
    std::vector<StmtPtr> split(const Stmt &loop, const SplitPoint &point) {
        const std::string key = loop::str(point.cond);
        auto choose = [&](bool below) {
            return [&key, below](Expr &e) {
                if (e.kind == ExprKind::Select && loop::str(e.args[0]) == key) {
                    Expr chosen = *e.args[below ? 1 : 2];
                    e = std::move(chosen);
                }
            };
        };
        const std::string at = fresh("split");
        ExprPtr clamped = loop::call(
            loop::Intrinsic::Minimum,
            {loop::call(loop::Intrinsic::Maximum, {point.at, loop::intImm(0)}, DType::Int64),
             loop.extent},
            DType::Int64);
        ExprPtr splitVar = loop::var(at, DType::Int64);
        auto original = std::make_shared<Stmt>(loop);

        StmtPtr below = loop::rewritten(original, choose(true));
        below->extent = splitVar;

        const std::string index = fresh(loop.name + "_from");
        ExprPtr shifted = loop::binary(BinaryOp::Add, loop::var(index, DType::Int64), splitVar);
        StmtPtr above = loop::rewritten(loop::rewritten(original, choose(false)), [&](Expr &e) {
            if (e.kind == ExprKind::Var && e.args.empty() && e.name == loop.name)
                e = *shifted;
        });
        above->name = index;
        above->extent = loop::binary(BinaryOp::Sub, loop.extent, splitVar);
        removeDeadDecls(below);
        removeDeadDecls(above);
        return {loop::decl(at, DType::Int64, clamped), below, above};
    }

    std::set<std::string> used_;
};

} // namespace

void splitLoops(loop::Function &f) {
    Splitter(loop::namesUsed(f)).block(f.body);
}

} // namespace npc::passes
