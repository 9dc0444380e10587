// Outer-loop vectorization by lane arrays (see Vectorize.h).
#include "ir/passes/Vectorize.h"

#include <functional>
#include <set>

namespace npc::passes {
namespace {

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

/// Collects every variable name declared anywhere in `stmts`.
void declaredNames(const std::vector<StmtPtr> &stmts, std::set<std::string> &out) {
    for (const StmtPtr &s : stmts) {
        if (s->kind == StmtKind::Decl || s->kind == StmtKind::For)
            out.insert(s->name);
        declaredNames(s->stmts, out);
        declaredNames(s->orelse, out);
    }
}

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

} // namespace

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
        bool candidate = s->kind == StmtKind::For && s->parallel && s->reductionVar.empty();
        std::vector<StmtPtr> replacement;
        if (candidate)
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
    declaredNames(f.body, names);
    declaredNames(f.prologue, names);
    for (const loop::Param &p : f.params)
        names.insert(p.name);
    vectorizeBlock(f.body, lanes, names);
}

} // namespace npc::passes
